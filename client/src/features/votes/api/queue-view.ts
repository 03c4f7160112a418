/**
 * Views through the offline outbox (public-visitor §4 Rating flow, §7 POST /api/media/:id/view): a view is written to
 * IndexedDB first and sent from there, so it survives going offline and is recorded once.
 */
import { enqueueOutbox } from '@client/lib/offline/outbox'
import type { ViewPayload } from '../outbox-kinds'

/** Queues a view of mediaId by userId; resolves once stored. Rejects when IndexedDB fails. */
export const queueView = (mediaId: number, userId: number) => enqueueOutbox<ViewPayload>({ kind: 'view', mediaId, userId })
