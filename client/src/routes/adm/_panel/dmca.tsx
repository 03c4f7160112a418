/** Route /adm/dmca (admin-back-office §2 DMCA Takedown Management); not redirected without a token (PAGES_WITHOUT_REDIRECT). */
import { createFileRoute } from '@tanstack/react-router'
import { DmcaTakedowns } from '@client/features/admin/dmca/components/dmca-takedowns'

export const Route = createFileRoute('/adm/_panel/dmca')({ component: DmcaTakedowns })
