/**
 * DbPurgeCard (admin-back-office §2 Purge Inactive Accounts, §4 Purge, §8): Check Inactive Accounts counts them
 * (inactiveUsers, totalUsers, percentage) and opens a confirm card; Cancel hides it, Confirm purges and shows
 * message, deletedCount and remainingUsers. Failures: 'Failed to check inactive accounts', the not-JSON text, or
 * 'Failed to purge inactive accounts' (the server's text first).
 */
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { ActionResult, ConfirmButtons, ErrorLine } from '@client/features/admin/shell/components/action-feedback'
import type { InactiveCount } from '@contract/admin/maintenance'
import { countInactiveAccounts, NOT_JSON_MESSAGE, purgeInactiveAccounts } from '../api/db-maintenance'

function DbPurgeCard() {
  const [pending, setPending] = useState<InactiveCount | null>(null)
  const check = useMutation({ mutationFn: countInactiveAccounts, onSuccess: setPending })
  const purge = useMutation({ mutationFn: purgeInactiveAccounts, onSuccess: () => setPending(null) })
  const startCheck = () => (purge.reset(), check.mutate())
  const checkError =
    check.error instanceof Error && check.error.message === NOT_JSON_MESSAGE
      ? NOT_JSON_MESSAGE
      : adminErrorText(check.error, 'Failed to check inactive accounts')
  return (
    <Card aria-label="Purge Inactive Accounts" className="space-y-3">
      <CardTitle>Purge Inactive Accounts</CardTitle>
      <p className="text-sm text-zinc-400">Inactive accounts have no email, no uploads, no votes and fewer than 2 views.</p>
      <Button variant="secondary" onClick={startCheck} disabled={check.isPending || purge.isPending}>
        {check.isPending ? 'Checking...' : 'Check Inactive Accounts'}
      </Button>
      {check.isError && <ErrorLine>{checkError}</ErrorLine>}
      {pending && (
        <div
          role="group"
          aria-label="Confirm purge"
          className="space-y-2 rounded-xl border border-amber-600/60 bg-amber-500/10 p-3 text-sm"
        >
          <p>Inactive accounts: {pending.inactiveUsers}</p>
          <p>Total users: {pending.totalUsers}</p>
          <p>Percentage: {pending.percentage}%</p>
          <p className="font-medium">{`Delete ${pending.inactiveUsers} inactive accounts? This cannot be undone.`}</p>
          <ConfirmButtons
            confirm={purge.isPending ? 'Purging...' : 'Confirm'}
            onConfirm={() => purge.mutate()}
            onCancel={() => setPending(null)}
            disabled={purge.isPending}
          />
        </div>
      )}
      <ActionResult action={purge} fallback="Failed to purge inactive accounts">
        {(r) => (
          <>
            <p className="font-medium">{r.message}</p>
            <p>Deleted: {r.deletedCount}</p>
            <p>Remaining users: {r.remainingUsers}</p>
          </>
        )}
      </ActionResult>
    </Card>
  )
}

export { DbPurgeCard }
