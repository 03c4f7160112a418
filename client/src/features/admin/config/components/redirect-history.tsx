/**
 * RedirectHistory and CurrentSettings (admin-back-office §2 Traffic Handlers): every save of one redirect handler,
 * newest first, with its time and status; and the card of the handler's current settings.
 */
import type { ReactNode } from 'react'
import { Card, CardTitle } from '@client/components/ui/card'
import { formatDateTime } from '@client/features/admin/shell/format'

/** One history row as shown: the saved settings as text, whether it was active, createdAt ISO-8601 UTC. */
export type RedirectHistoryItem = { id?: number; text: string; isActive: boolean; createdAt: string | null }

function RedirectHistory({ title, items }: { title: string; items: RedirectHistoryItem[] }) {
  return (
    <Card aria-label={title} className="space-y-2">
      <CardTitle className="text-base">{title}</CardTitle>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-400">No changes saved yet</p>
      ) : (
        <ol aria-label={title} tabIndex={0} className="max-h-64 space-y-2 overflow-y-auto text-sm">
          {items.map((h, i) => (
            <li key={h.id ?? i} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-950 px-3 py-2">
              <span className="break-all">{h.text}</span>
              <span className="flex items-center gap-2 text-xs text-zinc-400">
                <span className={h.isActive ? 'text-emerald-400' : 'text-zinc-400'}>{h.isActive ? 'Active' : 'Inactive'}</span>
                {formatDateTime(h.createdAt)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

/**
 * Props: label, the card's accessible name; isActive and createdAt (ISO-8601 UTC, null before the first save) of the
 * current config; children, the handler's own lines between Status and Last updated.
 */
export type CurrentSettingsProps = { label: string; isActive: boolean; createdAt: string | null; children: ReactNode }

function CurrentSettings({ label, isActive, createdAt, children }: CurrentSettingsProps) {
  return (
    <Card aria-label={label} className="space-y-1 text-sm">
      <CardTitle className="text-base">Current Settings</CardTitle>
      <p>Status: {isActive ? 'Active' : 'Inactive'}</p>
      {children}
      <p>Last updated: {createdAt ? formatDateTime(createdAt) : 'Never'}</p>
    </Card>
  )
}

export { CurrentSettings, RedirectHistory }
