/**
 * Sending one outbox item over HTTP and classifying the answer (STYLE §5: a network failure, 5xx, 408 or
 * 429 is retried later; any other 4xx drops the item and is reported). The request and, where it differs, the
 * classification come from the item's registered kind (outbox-kinds.ts). Uses fetch only, so a service worker can
 * call it; the window may pass its own sender (XMLHttpRequest, for upload progress).
 */
import { parseJsonBody } from '../api-client'
import type { OutboxItem, OutboxPayload } from './outbox-db'
import { outboxKind, type OutboxKind, type SendContext } from './outbox-kinds'

/** An HTTP answer as the classifier needs it: status, raw text, statusText and Retry-After (seconds or a date). */
export type RawAnswer = { status: number; text: string; statusText: string; retryAfter?: string | null }

/** What a send led to. sent: body is the parsed JSON (undefined for 204); retry: retryAfterMs from Retry-After when given. */
export type SendOutcome =
  | { type: 'sent'; status: number; body: unknown }
  | { type: 'retry'; reason: string; retryAfterMs?: number }
  | { type: 'drop'; status: number; reason: string; serverMessage?: string }

/** Sends item with an Idempotency-Key of its id and classifies the answer; the network failing resolves to a retry. context: what a kind's own send() gets. */
export type Sender = (item: OutboxItem, context: SendContext) => Promise<SendOutcome>

/**
 * The URL and request of item from its kind (relative URLs: same origin as the page or the service worker): POST
 * unless the kind says otherwise, with credentials and the item's id as Idempotency-Key.
 */
export function requestFor(kind: OutboxKind<OutboxPayload>, item: OutboxItem): { url: string; init: RequestInit } {
  const { url, init } = kind.request(item)
  const headers = new Headers(init.headers)
  headers.set('Idempotency-Key', item.id)
  return { url, init: { method: 'POST', credentials: 'include', ...init, headers } }
}

/** The outcome for an item whose kind this context has not registered: kept and retried, so nothing is lost. */
const unknownKindOutcome = (item: OutboxItem): SendOutcome => ({ type: 'retry', reason: `No sender for outbox kind '${item.kind}'` })

/** Milliseconds named by a Retry-After header (delta seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Classifies an answer: 2xx sent; 408, 429 and 5xx retried; any other status dropped with the server's message. */
export function classifyAnswer(answer: RawAnswer, now: number): SendOutcome {
  const json = parseJsonBody(answer.text)
  if (answer.status >= 200 && answer.status < 300) return { type: 'sent', status: answer.status, body: json }
  const message = `${answer.status}: ${answer.text || answer.statusText}`
  if (answer.status === 408 || answer.status === 429 || answer.status >= 500)
    return { type: 'retry', reason: message, retryAfterMs: retryAfterMs(answer.retryAfter, now) }
  const body = json as { error?: unknown; message?: unknown } | undefined
  const serverMessage = typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : undefined
  return { type: 'drop', status: answer.status, reason: serverMessage ?? message, serverMessage }
}

/**
 * A Sender over fetchImpl (default: the global fetch); now gives epoch ms for Retry-After dates. The request ends
 * when the send context's signal aborts (the visitor removed the item), which resolves to a retry that the outbox
 * drops with the removed item.
 */
export function fetchSender(fetchImpl: typeof fetch = fetch, now: () => number = Date.now): Sender {
  return async (item, context) => {
    const kind = outboxKind(item.kind)
    if (!kind) return unknownKindOutcome(item)
    const own = kind.send?.(item, context)
    if (own) return own
    const { url, init } = requestFor(kind, item)
    let res: Response
    try {
      res = await fetchImpl(url, { ...init, signal: context.signal })
    } catch (e) {
      return { type: 'retry', reason: (e as Error).message || 'Network error' }
    }
    const text = await res.text().catch(() => '')
    return (kind.classify ?? classifyAnswer)(
      { status: res.status, text, statusText: res.statusText, retryAfter: res.headers.get('Retry-After') },
      now(),
    )
  }
}
