/** Route /adm/populate-votes (admin-back-office §2 Vote Population). */
import { createFileRoute } from '@tanstack/react-router'
import { PopulateVotesPage } from '@client/features/admin/votes/components/populate-votes'

export const Route = createFileRoute('/adm/_panel/populate-votes')({ component: PopulateVotesPage })
