/**
 * NearDuplicateGroups (admin-back-office §2 Bucket Management: duplicate detection, beside the spec's groups;
 * docs/media-pipeline.md > Near duplicates): the near-duplicate groups of a Find Duplicates scan, each a list of
 * its items (thumbnail, name, id, size, displayed size, upload time, distance in bits from the oldest, Oldest and
 * Hidden badges). Per group the admin picks the item to keep (default the oldest) and, after a confirmation, hides
 * or deletes the others in one action: the group then shows the server's answer and the items' new state. Not
 * duplicates dismisses the group, which leaves the list and does not come back. Failures: the server's text, else
 * 'Failed to resolve near duplicates' or 'Failed to dismiss the group'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { NearDuplicateGroup, ResolveNearDuplicatesAnswer } from '@contract/admin/bucket'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { ADMIN_MEDIA_KEY, adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { ConfirmButtons, ErrorLine } from '@client/features/admin/shell/components/action-feedback'
import { formatDateTime, formatSize } from '@client/features/admin/shell/format'
import { BUCKET_FILES_KEY, dismissNearDuplicates, resolveNearDuplicates } from '../api/bucket-files'

type Action = ResolveNearDuplicatesAnswer['action']

/** The items of group after a decision: the hidden ones marked hidden, the deleted ones gone. */
function itemsAfter(group: NearDuplicateGroup, decided: ResolveNearDuplicatesAnswer | undefined) {
  if (!decided) return group.items
  const done = new Set(decided.ids)
  return decided.action === 'delete'
    ? group.items.filter((item) => !done.has(item.id))
    : group.items.map((item) => (done.has(item.id) ? { ...item, hidden: true } : item))
}

/** Props: the group, its number in the list (from 1), and onDismissed(message) once the server remembered it. */
type NearGroupProps = { group: NearDuplicateGroup; index: number; onDismissed(message: string): void }

function NearGroup({ group, index, onDismissed }: NearGroupProps) {
  const queryClient = useQueryClient()
  const [keepId, setKeepId] = useState(group.oldestId)
  const [confirming, setConfirming] = useState<Action | null>(null)
  const others = group.items.filter((item) => item.id !== keepId).map((item) => item.id)
  const resolve = useMutation({
    mutationFn: resolveNearDuplicates,
    onSuccess: (answer) => {
      setConfirming(null)
      void queryClient.invalidateQueries({ queryKey: ADMIN_MEDIA_KEY })
      if (answer.action === 'delete') void queryClient.invalidateQueries({ queryKey: BUCKET_FILES_KEY })
    },
  })
  const dismiss = useMutation({
    mutationFn: dismissNearDuplicates,
    onSuccess: (answer) => (void queryClient.invalidateQueries({ queryKey: ADMIN_MEDIA_KEY }), onDismissed(answer.message)),
  })
  const decided = resolve.data
  const busy = resolve.isPending || dismiss.isPending
  const name = `Near-duplicate group ${index}`
  const keptName = group.items.find((item) => item.id === keepId)?.originalName ?? ''
  return (
    <li aria-label={name} className="space-y-3 rounded-xl border border-zinc-800 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant="info">Near</Badge>
        <span className="text-zinc-300">
          {group.items.length} items · up to {group.distance} bits apart
        </span>
        {decided && <Badge variant="success">Resolved</Badge>}
      </p>
      <fieldset disabled={busy || decided !== undefined}>
        <legend className="sr-only">Item to keep</legend>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {itemsAfter(group, decided).map((item) => (
            <li key={item.id} aria-label={`${item.originalName} (#${item.id})`}>
              <label className="flex h-full cursor-pointer gap-3 rounded-lg border border-zinc-800 p-2 has-[:checked]:border-rose-500">
                <img
                  src={item.thumbnailUrl}
                  alt={item.originalName}
                  loading="lazy"
                  className="h-20 w-20 shrink-0 rounded-md bg-zinc-800 object-cover"
                />
                <span className="min-w-0 space-y-1">
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={name}
                      value={item.id}
                      checked={(decided?.keptId ?? keepId) === item.id}
                      onChange={() => setKeepId(item.id)}
                      aria-label={`Keep ${item.originalName} (#${item.id})`}
                      className="accent-rose-500"
                    />
                    <span className="truncate font-medium">{item.originalName}</span>
                  </span>
                  <span className="block text-xs text-zinc-400">
                    #{item.id} · {formatSize(item.size)}
                    {item.width !== null && item.height !== null && ` · ${item.width}×${item.height}`} · {formatDateTime(item.uploadedAt)}
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {item.oldest ? <Badge variant="accent">Oldest</Badge> : <Badge>{item.distance} bits from the oldest</Badge>}
                    {item.hidden && <Badge variant="danger">Hidden</Badge>}
                    {decided?.keptId === item.id && <Badge variant="success">Kept</Badge>}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {decided ? (
        <p role="status" className="text-emerald-300">
          {decided.message}
        </p>
      ) : confirming ? (
        <div role="group" aria-label="Confirm keep one" className="space-y-2 rounded-xl border border-amber-600/60 bg-amber-500/10 p-3">
          <p className="font-medium">
            {confirming === 'hide'
              ? `Keep ${keptName} and hide the other ${others.length} from rating?`
              : `Keep ${keptName} and delete the other ${others.length} with their votes and views? This cannot be undone.`}
          </p>
          <ConfirmButtons
            confirm={resolve.isPending ? 'Working...' : 'Confirm'}
            onConfirm={() => resolve.mutate({ keepId, ids: others, action: confirming })}
            onCancel={() => setConfirming(null)}
            disabled={busy}
          />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => (resolve.reset(), setConfirming('hide'))} disabled={busy}>
            Keep selected, hide others
          </Button>
          <Button size="sm" variant="destructive" onClick={() => (resolve.reset(), setConfirming('delete'))} disabled={busy}>
            Keep selected, delete others
          </Button>
          <Button size="sm" variant="secondary" onClick={() => dismiss.mutate(group.items.map((item) => item.id))} disabled={busy}>
            {dismiss.isPending ? 'Dismissing...' : 'Not duplicates'}
          </Button>
        </div>
      )}
      {resolve.isError && <ErrorLine>{adminErrorText(resolve.error, 'Failed to resolve near duplicates')}</ErrorLine>}
      {dismiss.isError && <ErrorLine>{adminErrorText(dismiss.error, 'Failed to dismiss the group')}</ErrorLine>}
    </li>
  )
}

/** Props: the scan's near-duplicate groups and the distance (bits of 64) they were found within. */
export type NearDuplicateGroupsProps = { groups: NearDuplicateGroup[]; distance: number }

function NearDuplicateGroups({ groups, distance }: NearDuplicateGroupsProps) {
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set())
  const [notice, setNotice] = useState('')
  const shown = groups.filter((g) => !dismissed.has(g.oldestId))
  return (
    <section aria-labelledby="near-duplicates-title" className="space-y-2">
      <h3 id="near-duplicates-title" className="font-semibold">
        Near duplicates
      </h3>
      <p className="text-sm text-zinc-400">
        {shown.length === 0
          ? `No near duplicates within ${distance} bits`
          : `${shown.length} groups of pictures within ${distance} bits of one another (re-encoded, resized or cropped copies)`}
      </p>
      {notice && (
        <p role="status" className="text-sm text-emerald-300">
          {notice}
        </p>
      )}
      <ul className="space-y-2">
        {shown.map((g) => (
          <NearGroup
            key={g.oldestId}
            group={g}
            index={groups.indexOf(g) + 1}
            onDismissed={(message) => (setNotice(message), setDismissed((s) => new Set(s).add(g.oldestId)))}
          />
        ))}
      </ul>
    </section>
  )
}

export { NearDuplicateGroups }
