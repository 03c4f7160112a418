/**
 * DmcaRequestDetail (admin-back-office §2 DMCA, §4 transitions, §8): complainant info ('N/A' when missing), the work
 * ('No description provided'), infringement details, infringing URLs, the signature ('No signature provided'), the
 * admin notes box preloaded with the request's notes, and one button per allowed status change. A change sends the
 * notes; on success it toasts 'Success: DMCA takedown updated successfully' and calls onDone (clears the selection).
 */
import { useState, type ReactNode } from 'react'
import { DMCA_TRANSITIONS, type DmcaStatus } from '@contract/admin/dmca'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Textarea } from '@client/components/ui/textarea'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { DetailList } from '@client/features/admin/shell/components/detail-list'
import type { AdminDmca } from '@contract/admin/dmca'
import { useUpdateDmcaTakedown } from '../api/dmca-takedowns'
import { parseInfringingUrls } from '../dmca-urls'
import { DmcaStatusBadge } from './dmca-status-badge'

/** The button that moves a takedown to each status (admin-back-office §4). */
const ACTION_LABELS: Record<DmcaStatus, string> = {
  reviewed: 'Mark as Reviewed',
  resolved: 'Resolve',
  rejected: 'Reject',
  pending: 'Reopen',
}
const ACTION_VARIANTS = { reviewed: 'secondary', resolved: 'primary', rejected: 'destructive', pending: 'secondary' } as const

const orNA = (value: string | null | undefined) => (value && value.trim() !== '' ? value : 'N/A')

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">{title}</h3>
      {children}
    </section>
  )
}

/** Props: the selected takedown and onDone, called after a successful change. */
export type DmcaRequestDetailProps = { request: AdminDmca; onDone: () => void }

function DmcaRequestDetail({ request: r, onDone }: DmcaRequestDetailProps) {
  const [notes, setNotes] = useState(r.adminNotes)
  const update = useUpdateDmcaTakedown()
  const change = (status: DmcaStatus) =>
    update.mutate(
      { id: r.id, status, adminNotes: notes },
      {
        onSuccess: () => (toast({ title: 'Success: DMCA takedown updated successfully' }), setNotes(''), onDone()),
        onError: (e) => toast({ title: 'Error', description: adminErrorText(e, 'Failed to update takedown'), variant: 'destructive' }),
      },
    )
  const urls = parseInfringingUrls(r.infringingUrls)
  return (
    <Card aria-label={`Takedown request #${r.id}`} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>
          Request #{r.id} <span className="text-sm font-normal text-zinc-400">{r.referenceNumber}</span>
        </CardTitle>
        <DmcaStatusBadge status={r.status} />
      </div>
      <Section title="Complainant Information">
        <DetailList
          items={(
            [
              ['Name', r.complainantName],
              ['Email', r.complainantEmail],
              ...(r.complainantPhone ? [['Phone', r.complainantPhone]] : []),
              ...(r.complainantAddress ? [['Address', r.complainantAddress]] : []),
              ['Copyright Owner', r.copyrightOwner],
            ] as [string, string | null][]
          ).map(([label, value]) => [label, orNA(value)] as const)}
        />
      </Section>
      <Section title="Copyrighted Work">
        <p className="whitespace-pre-wrap text-sm">{r.workDescription.trim() || 'No description provided'}</p>
      </Section>
      <Section title="Infringement Details">
        <p className="whitespace-pre-wrap text-sm">{orNA(r.infringementDescription)}</p>
      </Section>
      <Section title="Infringing URLs">
        <ul className="list-inside list-disc space-y-1 text-sm">
          {urls.map((u, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a request may name the same URL twice, and the list never reorders
            <li key={`${i}-${u}`} className="break-all">
              {/^https?:\/\//i.test(u) ? (
                <a href={u} target="_blank" rel="noopener noreferrer" className="text-sky-400 underline">
                  {u}
                </a>
              ) : (
                u
              )}
            </li>
          ))}
          {urls.length === 0 && <li>N/A</li>}
        </ul>
      </Section>
      <Section title="Electronic Signature">
        <p className="text-sm italic">{r.electronicSignature.trim() || 'No signature provided'}</p>
      </Section>
      <Field label="Admin Notes">
        <Textarea
          placeholder="Add notes about this takedown request..."
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="min-h-24"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        {DMCA_TRANSITIONS[r.status].map((to) => (
          <Button key={to} variant={ACTION_VARIANTS[to]} disabled={update.isPending} onClick={() => change(to)}>
            {ACTION_LABELS[to]}
          </Button>
        ))}
      </div>
    </Card>
  )
}

export { DmcaRequestDetail }
