/** Route /adm/email-capture (admin-back-office §2 Email Capture Configuration). */
import { createFileRoute } from '@tanstack/react-router'
import { EmailCaptureSettings } from '@client/features/admin/config/components/email-capture-settings'

export const Route = createFileRoute('/adm/_panel/email-capture')({ component: EmailCaptureSettings })
