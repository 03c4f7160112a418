/**
 * The outbox's kinds of item: the outbox itself knows no feature's wire format. A feature registers each kind it
 * queues with registerOutboxKind() (how to send one item, how long a sender holds it, what a refusal tells the
 * visitor) from a module that client/src/outbox-kinds.ts imports, so the window (start.tsx) and the service worker
 * (sw.ts) both know every kind before they replay stored items. No DOM API here (service-worker safe).
 */
import type { OutboxItem, OutboxPayload } from './outbox-db'
import type { RawAnswer, SendOutcome } from './outbox-send'

/** How long a sender holds an item unless its kind says otherwise, ms; a sender that dies frees it after this. */
export const DEFAULT_LEASE_MS = 30_000

/** What a refused item of a kind shows: the toast's title, the text when the server gave no message, rank (0 first) when several are refused at once. */
export type DropText = { title: string; fallback: string; rank: number }

/** The drop text for a kind no context registered (an item stored by another version of the app). */
export const UNKNOWN_DROP_TEXT: DropText = { title: 'Not sent', fallback: 'The request could not be sent', rank: Number.MAX_SAFE_INTEGER }

/**
 * What a kind's own send() gets besides its item. fetch: what to send requests with (the flush's, else the global
 * one); signal: aborted when the visitor removes the item while it is being sent; save(patch): stores patch in the item
 * (a resumable upload's URL and confirmed offset, so the next send resumes there), renews the sender's lease and tells
 * every context the outbox changed; false when the item is gone.
 */
export type SendContext<P extends OutboxPayload = OutboxPayload> = {
  fetch: (url: string, init: RequestInit) => Promise<Response>
  signal: AbortSignal
  save(patch: Partial<P>): Promise<boolean>
}

/**
 * One kind of outbox item, P its stored payload ({ kind, ...data }: plain values and Blobs, stored as given).
 * - request: the URL and request of item; the method defaults to POST, the outbox adds credentials and the item's id
 *   as Idempotency-Key;
 * - send: sends item itself when it takes more than one request (a resumable upload), answering the outcome, or
 *   undefined to send it as request() says;
 * - cancel: what removing an item (waiting or being sent) also undoes on the server; a kind with cancel may be removed
 *   while being sent, and its sender is told through the send context's signal;
 * - classify: what an answer means (default classifyAnswer: 2xx sent; 408, 429, 5xx retried; other statuses dropped);
 * - leaseMs: how long one sender holds an item (default DEFAULT_LEASE_MS);
 * - progress: the window sends it through XMLHttpRequest and emits 'progress' events (uploads);
 * - report: what a drop report names besides the kind (the media item, the file name);
 * - drop: the visitor's toast when the server refuses one.
 */
export type OutboxKindSpec<P extends OutboxPayload> = {
  kind: P['kind']
  request(item: OutboxItem<P>): { url: string; init: RequestInit }
  send?(item: OutboxItem<P>, context: SendContext<P>): Promise<SendOutcome> | undefined
  cancel?(item: OutboxItem<P>): Promise<void>
  classify?(answer: RawAnswer, now: number): SendOutcome
  leaseMs?: number
  progress?: boolean
  report?(item: OutboxItem<P>): { mediaId?: number; fileName?: string }
  drop: DropText
}

/** A registered kind: its spec and a type guard for items of it (reading the outbox yields items of every kind). */
export type OutboxKind<P extends OutboxPayload> = OutboxKindSpec<P> & { is(item: OutboxItem): item is OutboxItem<P> }

const kinds = new Map<string, OutboxKind<never>>()

/** Registers spec under spec.kind and returns it with its guard; a kind registered again (a module reloaded in development) is replaced. */
export function registerOutboxKind<P extends OutboxPayload>(spec: OutboxKindSpec<P>): OutboxKind<P> {
  const kind: OutboxKind<P> = { ...spec, is: (item): item is OutboxItem<P> => item.kind === spec.kind }
  kinds.set(spec.kind, kind as unknown as OutboxKind<never>)
  return kind
}

/** The registered kind named kind, or undefined when this context registered none. */
export const outboxKind = (kind: string): OutboxKind<OutboxPayload> | undefined => kinds.get(kind) as OutboxKind<OutboxPayload> | undefined

/** A JSON request for a kind's request(): value as the body, Content-Type application/json. */
export const jsonRequest = (url: string, value: unknown): { url: string; init: RequestInit } => ({
  url,
  init: { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) },
})
