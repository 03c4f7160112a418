/**
 * DbResetCard (admin-back-office §2 Database Reset, §4 Database reset, §8, §9): an initial warning with I Understand,
 * then a final warning naming the phrase RESET DATABASE (asked for, but as the spec says no typed check is enforced) with Reset
 * Database and Cancel, then resetting, then the result. After a successful reset onReset clears the page's tests and
 * statistics. Failure: the server's text or 'Database reset failed'.
 */
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { Input } from '@client/components/ui/input'
import { ActionResult, ConfirmButtons } from '@client/features/admin/shell/components/action-feedback'
import { resetDatabase } from '../api/db-maintenance'

/** The phrase the final warning names (admin-back-office §9). */
export const RESET_PHRASE = 'RESET DATABASE'

function DbResetCard({ onReset }: { onReset(): void }) {
  const [stage, setStage] = useState<'initial' | 'confirm'>('initial')
  // The phrase is asked for but, as admin-back-office §4 says, not checked.
  const [phrase, setPhrase] = useState('')
  const reset = useMutation({ mutationFn: resetDatabase, onSuccess: onReset, onSettled: () => setStage('initial') })
  return (
    <Card aria-label="Database Reset" className="space-y-3 border-red-900/60">
      <CardTitle>Database Reset</CardTitle>
      <p className="text-sm text-zinc-300">
        Deletes every user, media item, vote, view, login link and takedown request. Configuration, the audit log and the files in the
        bucket stay.
      </p>
      {stage === 'initial' && !reset.isPending && (
        <Button variant="destructive" onClick={() => (reset.reset(), setPhrase(''), setStage('confirm'))}>
          I Understand
        </Button>
      )}
      {stage === 'confirm' && !reset.isPending && (
        <div role="alertdialog" aria-label="Final warning" className="space-y-2 rounded-xl border border-red-600 bg-red-500/10 p-3 text-sm">
          <p className="font-semibold text-red-300">Final warning: this cannot be undone.</p>
          <p>
            Type <code className="rounded bg-zinc-800 px-1">{RESET_PHRASE}</code> to confirm.
          </p>
          <Input aria-label="Confirmation phrase" placeholder={RESET_PHRASE} value={phrase} onChange={(e) => setPhrase(e.target.value)} />
          <ConfirmButtons confirm="Reset Database" onConfirm={() => reset.mutate()} onCancel={() => setStage('initial')} />
        </div>
      )}
      {reset.isPending && <p role="status">Resetting...</p>}
      <ActionResult action={reset} fallback="Database reset failed">
        {(r) => r.message}
      </ActionResult>
    </Card>
  )
}

export { DbResetCard }
