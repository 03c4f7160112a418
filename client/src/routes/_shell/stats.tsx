/** Route /stats: the visitor's upload statistics (public-visitor §2 Stats screen). */
import { createFileRoute } from '@tanstack/react-router'
import { useSessionUser } from '@client/features/session/api/get-session'
import { StatsScreen } from '@client/features/stats/components/stats-screen'

function StatsPage() {
  const { data: user } = useSessionUser()
  if (!user) return <p className="mt-16 text-center text-zinc-400">No statistics available</p>
  return <StatsScreen userId={user.id} />
}

export const Route = createFileRoute('/_shell/stats')({ component: StatsPage })
