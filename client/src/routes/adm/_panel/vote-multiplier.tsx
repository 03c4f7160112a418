/** Route /adm/vote-multiplier (admin-back-office §2 Vote Multiplier Settings). */
import { createFileRoute } from '@tanstack/react-router'
import { VoteMultiplierSettings } from '@client/features/admin/config/components/vote-multiplier-settings'

export const Route = createFileRoute('/adm/_panel/vote-multiplier')({ component: VoteMultiplierSettings })
