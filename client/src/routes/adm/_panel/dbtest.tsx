/** Route /adm/dbtest (admin-back-office §2 Database Administration). */
import { createFileRoute } from '@tanstack/react-router'
import { DatabaseAdmin } from '@client/features/admin/maintenance/components/database-admin'

export const Route = createFileRoute('/adm/_panel/dbtest')({ component: DatabaseAdmin })
