/**
 * The window's outbox sender (public-visitor §4 Upload queue item: per-file progress 0-100): items of a kind
 * registered with `progress` (uploads) go through XMLHttpRequest so upload progress can be reported as 'progress'
 * events; the others use fetch. The service worker's replay uses plain fetchSender (no progress there).
 */
import type { OutboxItem, OutboxPayload } from './outbox-db'
import { emitOutboxEvent } from './outbox-events'
import { outboxKind, type OutboxKind } from './outbox-kinds'
import { classifyAnswer, fetchSender, requestFor, type Sender, type SendOutcome } from './outbox-send'

/**
 * Sends item of kind with XMLHttpRequest, emitting progress events (percent 0-100) for its id; the request is aborted
 * when signal aborts (the visitor removed the item), resolving to a retry that the outbox drops with the item.
 */
function sendWithProgress(kind: OutboxKind<OutboxPayload>, item: OutboxItem, signal: AbortSignal): Promise<SendOutcome> {
  const { url, init } = requestFor(kind, item)
  const classify = kind.classify ?? classifyAnswer
  const aborted: SendOutcome = { type: 'retry', reason: 'Upload aborted' }
  if (signal.aborted) return Promise.resolve(aborted)
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method ?? 'POST', url)
    xhr.withCredentials = true
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value))
    xhr.upload.onprogress = (e) =>
      e.lengthComputable && emitOutboxEvent({ type: 'progress', id: item.id, percent: Math.round((e.loaded / e.total) * 100) })
    xhr.onload = () =>
      resolve(
        classify(
          { status: xhr.status, text: xhr.responseText, statusText: xhr.statusText, retryAfter: xhr.getResponseHeader('Retry-After') },
          Date.now(),
        ),
      )
    xhr.onerror = xhr.ontimeout = () => resolve({ type: 'retry', reason: 'Network error during upload' })
    xhr.onabort = () => resolve(aborted)
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    emitOutboxEvent({ type: 'progress', id: item.id, percent: 0 })
    xhr.send(init.body as XMLHttpRequestBodyInit)
  })
}

/** The window's Sender: a kind's own send first, then XMLHttpRequest with progress for kinds registered with `progress`, fetch for the rest. */
export function windowSender(): Sender {
  const viaFetch = fetchSender()
  return (item, context) => {
    const kind = outboxKind(item.kind)
    const own = kind?.send?.(item, context)
    if (own) return own
    return kind?.progress ? sendWithProgress(kind, item, context.signal) : viaFetch(item, context)
  }
}
