/** Route /adm/export-votes (admin-back-office §2 Export Votes). */
import { createFileRoute } from '@tanstack/react-router'
import { ExportVotesPage } from '@client/features/admin/votes/components/export-votes'

export const Route = createFileRoute('/adm/_panel/export-votes')({ component: ExportVotesPage })
