/** Route /adm/media (admin-back-office §2 Media). */
import { createFileRoute } from '@tanstack/react-router'
import { AdminMediaPage } from '@client/features/admin/media/components/admin-media'

export const Route = createFileRoute('/adm/_panel/media')({ component: AdminMediaPage })
