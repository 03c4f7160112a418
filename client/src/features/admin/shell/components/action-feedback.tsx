/**
 * The Database and Bucket cards' shared pieces (admin-back-office §2 Database Administration, Bucket Management; §4
 * Purge and Database reset confirmations; §8 failure texts): ErrorLine, the red alert line of a failed action;
 * ActionResult, an action's failure (the server's text, else the fallback) and its green result panel; and
 * ConfirmButtons, the confirm and Cancel pair of a destructive step.
 */
import type { ReactNode } from 'react'
import { Button } from '@client/components/ui/button'
import { adminErrorText } from '../api/admin-api'

/** A failure's text as a small red alert line. */
function ErrorLine({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-400">
      {children}
    </p>
  )
}

/**
 * Props: action, a mutation's isError, error and data (undefined until it succeeds); fallback, the failure text when
 * the server gave none (admin-back-office §8); children renders the result panel's content from the answer.
 */
export type ActionResultProps<T> = {
  action: { isError: boolean; error: unknown; data: T | undefined }
  fallback: string
  children: (data: T) => ReactNode
}

function ActionResult<T>({ action, fallback, children }: ActionResultProps<T>) {
  return (
    <>
      {action.isError && <ErrorLine>{adminErrorText(action.error, fallback)}</ErrorLine>}
      {action.data !== undefined && (
        <div role="status" className="space-y-1 rounded-xl border border-emerald-700/50 bg-emerald-500/10 p-3 text-sm">
          {children(action.data)}
        </div>
      )}
    </>
  )
}

/** Props: the confirm button's label, the two clicks, and disabled (both buttons, while the action runs). */
export type ConfirmButtonsProps = { confirm: ReactNode; onConfirm(): void; onCancel(): void; disabled?: boolean }

/** A destructive confirm button and a Cancel button, small, side by side. */
function ConfirmButtons({ confirm, onConfirm, onCancel, disabled = false }: ConfirmButtonsProps) {
  return (
    <div className="flex gap-2">
      <Button variant="destructive" size="sm" onClick={onConfirm} disabled={disabled}>
        {confirm}
      </Button>
      <Button variant="secondary" size="sm" onClick={onCancel} disabled={disabled}>
        Cancel
      </Button>
    </div>
  )
}

export { ActionResult, ConfirmButtons, ErrorLine }
