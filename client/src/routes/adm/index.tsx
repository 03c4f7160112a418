/** Route /adm: the admin login, outside the public shell (admin-back-office §2). */
import { createFileRoute } from '@tanstack/react-router'
import { AdminLogin } from '@client/features/admin/shell/components/admin-login'

export const Route = createFileRoute('/adm/')({ component: AdminLogin })
