/** Pathless layout for the admin pages: sidebar, Logout and the no-token redirect (admin-back-office §2). */
import { createFileRoute } from '@tanstack/react-router'
import { AdminLayout } from '@client/features/admin/shell/components/admin-layout'

export const Route = createFileRoute('/adm/_panel')({ component: AdminLayout })
