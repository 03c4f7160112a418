/** Route /auth/verify?token=: the page the emailed magic link opens (server-contract: Email and magic links). */
import { createFileRoute } from '@tanstack/react-router'
import { VerifyMagicLink } from '@client/features/account/components/verify-magic-link'

export const Route = createFileRoute('/auth/verify')({
  validateSearch: (search: Record<string, unknown>) => ({ token: typeof search.token === 'string' ? search.token : '' }),
  component: function VerifyPage() {
    return <VerifyMagicLink token={Route.useSearch().token} />
  },
})
