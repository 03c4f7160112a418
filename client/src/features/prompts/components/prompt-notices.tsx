/**
 * The rate screen's prompt notices (public-visitor §2 Dialogs): the red account-save tooltip and the 'Email Required
 * to Continue' notice that replaces the vote buttons. The dialogs themselves are in prompt-dialogs (loaded lazily).
 */
import { Link } from '@tanstack/react-router'

/** The red tooltip: above the username on desktop (sidebar, bottom left), below the header on mobile. */
function AccountSaveTooltip({ onClick }: { onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="fixed left-4 top-16 z-40 max-w-64 rounded-xl bg-red-600 px-4 py-3 text-left text-sm font-medium text-white shadow-2xl md:bottom-28 md:left-5 md:top-auto"
    >
      Hey, be sure to save your account. Click here.
    </button>
  )
}

/** Replaces the vote buttons while an email is required. */
function VotingBlockedNotice() {
  return (
    <div role="alert" className="rounded-2xl border border-amber-600/50 bg-amber-500/10 p-4 text-center">
      <p className="font-semibold text-amber-200">Email Required to Continue</p>
      <p className="mt-1 text-sm text-amber-100/80">
        Visit your{' '}
        <Link to="/profile" className="underline">
          profile
        </Link>{' '}
        to add an email, then keep voting.
      </p>
    </div>
  )
}

export { AccountSaveTooltip, VotingBlockedNotice }
