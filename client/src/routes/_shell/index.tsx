/** Route / : the rate screen for the session user (public-visitor §2). */
import { createFileRoute } from '@tanstack/react-router'
import { useSessionUser } from '@client/features/session/api/get-session'
import { RateScreen } from '@client/features/rating/components/rate-screen'

function RatePage() {
  const { data: user } = useSessionUser()
  if (!user) return null
  return <RateScreen userId={user.id} />
}

export const Route = createFileRoute('/_shell/')({ component: RatePage })
