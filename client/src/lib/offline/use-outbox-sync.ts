/**
 * useOutboxSync(): mounted once by the public shell. Starts the window's outbox triggers and tells the
 * visitor about every item the server refused, never silently: a toast per report (public-visitor §8: 'Vote Failed'
 * with the server's message). Reports written by a service worker while no tab was open are shown at the next start.
 */
import { useEffect } from 'react'
import { toast } from '@client/lib/toast'
import type { DropReport } from './outbox-db'
import { onOutboxEvent } from './outbox-events'
import { outboxKind, UNKNOWN_DROP_TEXT } from './outbox-kinds'
import { takeDropReports } from './outbox'
import { startOutboxRunner } from './outbox-runner'

/** How long to gather drop reports before one toast, ms. */
export const DROP_REPORT_DELAY_MS = 300

/** The drop text (title, fallback, rank) of kind, from its registration. */
const dropText = (kind: string) => outboxKind(kind)?.drop ?? UNKNOWN_DROP_TEXT

/**
 * The toast for reports (oldest first): the most important kind wins (lowest registered rank), titled and, without a
 * server message, worded as its kind registered; the rest are counted.
 */
export function dropToast(reports: DropReport[]): { title: string; description: string; variant: 'destructive' } {
  const main = [...reports].sort((a, b) => dropText(a.kind).rank - dropText(b.kind).rank)[0]!
  const text = main.reason || dropText(main.kind).fallback
  const more = reports.length > 1 ? ` (${reports.length - 1} more not sent)` : ''
  return { title: dropText(main.kind).title, description: `${text}${more}`, variant: 'destructive' }
}

/** Starts the outbox runner and turns drop reports into toasts while mounted. */
export function useOutboxSync(): void {
  useEffect(() => {
    const stop = startOutboxRunner()
    // Reports taken are always shown, even if this unmounts meanwhile (the toast store is global).
    const report = async () => {
      const reports = await takeDropReports()
      if (reports.length) toast(dropToast(reports))
    }
    void report()
    // Drops of one flush (a vote and the view of the same deleted item) arrive together: one toast for them.
    let pending: ReturnType<typeof setTimeout> | undefined
    const off = onOutboxEvent((e) => {
      if (e.type !== 'dropped') return
      clearTimeout(pending)
      pending = setTimeout(() => void report(), DROP_REPORT_DELAY_MS)
    })
    return () => {
      clearTimeout(pending)
      off()
      stop()
    }
  }, [])
}
