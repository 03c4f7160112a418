/** Route /adm/users (admin-back-office §2 User Management). */
import { createFileRoute } from '@tanstack/react-router'
import { AdminUsersPage } from '@client/features/admin/users/components/admin-users'

export const Route = createFileRoute('/adm/_panel/users')({ component: AdminUsersPage })
