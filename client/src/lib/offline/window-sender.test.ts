import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { OutboxItem } from './outbox-db'
import { registerOutboxKind, type SendContext } from './outbox-kinds'
import { windowSender } from './window-sender'

/** An XMLHttpRequest that never answers by itself: it records what was sent and whether it was aborted. */
class HangingXhr {
  static made: HangingXhr[] = []
  upload: { onprogress?: unknown } = {}
  withCredentials = false
  sent = false
  aborted = false
  onload?: () => void
  onerror?: () => void
  ontimeout?: () => void
  onabort?: () => void
  constructor() {
    HangingXhr.made.push(this)
  }
  open() {}
  setRequestHeader() {}
  send() {
    this.sent = true
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
}

type PhotoPayload = { kind: 'window-photo'; name: string }
registerOutboxKind<PhotoPayload>({
  kind: 'window-photo',
  request: (item) => ({ url: `/photos/${item.name}`, init: { body: 'bytes' } }),
  progress: true,
  drop: { title: 'Photo failed', fallback: 'No photo', rank: 0 },
})
const item: OutboxItem<PhotoPayload> = {
  kind: 'window-photo',
  name: 'a.jpg',
  id: 'p1',
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  leaseUntil: 0,
}
const contextOf = (signal: AbortSignal): SendContext => ({
  fetch: () => Promise.reject(new Error('not used')),
  signal,
  save: async () => true,
})

const realXhr = globalThis.XMLHttpRequest
beforeAll(() => Object.defineProperty(globalThis, 'XMLHttpRequest', { value: HangingXhr, configurable: true, writable: true }))
afterAll(() => Object.defineProperty(globalThis, 'XMLHttpRequest', { value: realXhr, configurable: true, writable: true }))

describe('windowSender', () => {
  it('aborts the XMLHttpRequest of an item with progress when the send context’s signal aborts (the visitor removed it)', async () => {
    const removed = new AbortController()
    const outcome = windowSender()(item, contextOf(removed.signal))
    expect(HangingXhr.made.at(-1)?.sent).toBe(true)
    removed.abort()
    expect(await outcome).toEqual({ type: 'retry', reason: 'Upload aborted' })
    expect(HangingXhr.made.at(-1)?.aborted).toBe(true)
  })

  it('sends nothing for an item removed before its send starts', async () => {
    const made = HangingXhr.made.length
    expect(await windowSender()(item, contextOf(AbortSignal.abort()))).toEqual({ type: 'retry', reason: 'Upload aborted' })
    expect(HangingXhr.made.length).toBe(made)
  })
})
