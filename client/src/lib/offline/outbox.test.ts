import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'bun:test'
import { closeOutboxDb, OUTBOX_DB_NAME } from './outbox-db'
import { BACKOFF_MAX_MS, backoffDelayMs, cancelOutboxItem, countByKind, enqueueOutbox, flushOutbox, nextWakeAt, readOutbox, syncOutbox, takeDropReports } from './outbox'

type Sent = { url: string; key: string | null; body: string }

/** A fake fetch that records each request and answers with answer(request number, url), or throws when it answers 'offline'. */
function fakeFetch(answer: (n: number, url: string) => Response | 'offline' = () => new Response(null, { status: 204 })) {
  const sent: Sent[] = []
  const fetchImpl = (async (url: string, init: RequestInit): Promise<Response> => {
    const a = answer(sent.length, url)
    const body = init.body instanceof FormData ? `form:${(init.body.get('file') as File).name}:${init.body.get('userId')}` : String(init.body)
    sent.push({ url, key: new Headers(init.headers).get('Idempotency-Key'), body })
    if (a === 'offline') throw new TypeError('Failed to fetch')
    // A little latency, so two concurrent flushes really overlap.
    await Bun.sleep(2)
    return a
  }) as unknown as typeof fetch
  return { fetch: fetchImpl, sent }
}

const vote = (mediaId: number, isHot = true) => ({ kind: 'vote' as const, vote: { userId: 1, mediaId, isHot } })

afterEach(async () => {
  await closeOutboxDb()
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB_NAME)
    req.onsuccess = req.onerror = resolve
  })
})

describe('flushOutbox', () => {
  it('sends votes, views and uploads oldest first, each with its id as Idempotency-Key, and empties the outbox', async () => {
    const ids = [await enqueueOutbox(vote(3)), await enqueueOutbox({ kind: 'view', mediaId: 4, userId: 1 }), await enqueueOutbox(vote(1, false))]
    ids.push(await enqueueOutbox({ kind: 'upload', userId: 1, file: new Blob(['gif']), fileName: 'a.gif', fileType: 'image/gif' }))
    expect(countByKind(await readOutbox())).toEqual({ vote: 2, view: 1, upload: 1 })
    const net = fakeFetch()
    expect(await flushOutbox({ fetch: net.fetch })).toEqual({ sent: 4, dropped: 0, retrying: false })
    expect(net.sent.map((s) => s.url)).toEqual(['/api/votes', '/api/media/4/view', '/api/votes', '/api/media/upload'])
    expect(net.sent.map((s) => s.key)).toEqual(ids)
    expect(JSON.parse(net.sent[2]!.body)).toEqual({ userId: 1, mediaId: 1, isHot: false })
    expect(net.sent[3]!.body).toBe('form:a.gif:1')
    expect(await readOutbox()).toEqual([])
  })

  it('keeps an item on a network failure and backs off exponentially, with the same Idempotency-Key on every retry', async () => {
    const id = await enqueueOutbox(vote(7))
    let clock = 1_000_000
    const net = fakeFetch(() => 'offline')
    const delays: number[] = []
    for (let i = 0; i < 11; i++) {
      // Not yet due: nothing is sent.
      expect(await flushOutbox({ fetch: net.fetch, now: () => clock, random: () => 1 })).toEqual({ sent: 0, dropped: 0, retrying: true })
      const [item] = await readOutbox()
      expect(item!.attempts).toBe(i + 1)
      delays.push(item!.nextAttemptAt - clock)
      await flushOutbox({ fetch: net.fetch, now: () => clock + delays.at(-1)! - 1 })
      expect(net.sent.length).toBe(i + 1)
      clock = item!.nextAttemptAt
    }
    expect(delays.slice(0, 9)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000])
    expect(delays.slice(9)).toEqual([BACKOFF_MAX_MS, BACKOFF_MAX_MS])
    expect(new Set(net.sent.map((s) => s.key))).toEqual(new Set([id]))
    // A newer item waits behind the one backing off, and the next wake-up is that item's retry time.
    await enqueueOutbox(vote(8))
    const [head] = await readOutbox()
    expect(nextWakeAt(await readOutbox())).toBe(head!.nextAttemptAt)
    expect(await flushOutbox({ fetch: net.fetch, now: () => head!.nextAttemptAt - 1 })).toEqual({ sent: 0, dropped: 0, retrying: false })
    expect((await readOutbox())[0]!.lastError).toBe('Failed to fetch')
  })

  it('adds jitter of up to half the delay', () => {
    expect(backoffDelayMs(3, () => 0)).toBe(2000)
    expect(backoffDelayMs(3, () => 0.5)).toBe(3000)
    expect(backoffDelayMs(3, () => 1)).toBe(4000)
  })

  it('retries on 5xx, 408 and 429 (honouring Retry-After) and sends once the server recovers', async () => {
    const answers = [new Response('boom', { status: 503 }), new Response('slow', { status: 408 }), new Response('{"error":"Too many"}', { status: 429, headers: { 'Retry-After': '120' } })]
    const net = fakeFetch((n) => answers[n] ?? Response.json({ ok: true }, { status: 201 }))
    await enqueueOutbox(vote(2))
    let clock = 0
    for (let i = 0; i < 3; i++) {
      expect((await flushOutbox({ fetch: net.fetch, now: () => clock, random: () => 1 })).retrying).toBe(true)
      clock = (await readOutbox())[0]!.nextAttemptAt
    }
    expect(clock).toBe(1000 + 2000 + 120_000)
    expect(await flushOutbox({ fetch: net.fetch, now: () => clock })).toEqual({ sent: 1, dropped: 0, retrying: false })
    expect(await readOutbox()).toEqual([])
  })

  it('drops an item the server refuses with another 4xx and keeps the reason for the visitor', async () => {
    const net = fakeFetch((n) => (n === 0 ? Response.json({ error: 'Media not found' }, { status: 404 }) : new Response(null, { status: 204 })))
    const refused = await enqueueOutbox(vote(9))
    await enqueueOutbox({ kind: 'view', mediaId: 5, userId: 1 })
    expect(await flushOutbox({ fetch: net.fetch, now: () => 50 })).toEqual({ sent: 1, dropped: 1, retrying: false })
    expect(await readOutbox()).toEqual([])
    expect(await takeDropReports()).toEqual([{ id: refused, kind: 'vote', status: 404, reason: 'Media not found', serverMessage: 'Media not found', mediaId: 9, droppedAt: 50 }])
    // A report is handed out once.
    expect(await takeDropReports()).toEqual([])
  })

  it('keeps waiting items across a reload (the database closed and opened again)', async () => {
    const id = await enqueueOutbox({ kind: 'upload', userId: 4, file: new Blob(['bytes'], { type: 'image/png' }), fileName: 'cat.png', fileType: 'image/png' })
    await flushOutbox({ fetch: fakeFetch(() => 'offline').fetch })
    await closeOutboxDb()
    const [item] = await readOutbox()
    expect(item).toMatchObject({ id, kind: 'upload', fileName: 'cat.png', attempts: 1 })
    expect(await (item as { file: Blob }).file.text()).toBe('bytes')
    const net = fakeFetch()
    await flushOutbox({ fetch: net.fetch, force: true })
    expect(net.sent.map((s) => [s.key, s.body])).toEqual([[id, 'form:cat.png:4']])
  })

  it('sends each item once when two flushes run at the same time', async () => {
    for (let m = 1; m <= 6; m++) await enqueueOutbox(vote(m))
    const net = fakeFetch()
    const results = await Promise.all([flushOutbox({ fetch: net.fetch }), flushOutbox({ fetch: net.fetch }), flushOutbox({ fetch: net.fetch })])
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6)
    expect(net.sent.map((s) => JSON.parse(s.body).mediaId)).toEqual([1, 2, 3, 4, 5, 6])
    expect(await readOutbox()).toEqual([])
  })

  it('waits behind an item another sender holds, and lets a visitor cancel a waiting item', async () => {
    const first = await enqueueOutbox(vote(1))
    const second = await enqueueOutbox(vote(2))
    let release!: () => void
    const slow = (async () => {
      await new Promise<void>((r) => (release = r))
      return new Response(null, { status: 201 })
    }) as unknown as typeof fetch
    const running = flushOutbox({ fetch: slow })
    await Bun.sleep(10)
    const other = fakeFetch()
    expect(await flushOutbox({ fetch: other.fetch })).toEqual({ sent: 0, dropped: 0, retrying: false })
    expect(await cancelOutboxItem(first)).toBe(false)
    expect(await cancelOutboxItem(second)).toBe(true)
    release()
    expect(await running).toEqual({ sent: 1, dropped: 0, retrying: false })
    expect(other.sent).toEqual([])
  })
})

describe('syncOutbox', () => {
  it('sends items still backing off and rejects while something waits, so Background Sync tries again', async () => {
    await enqueueOutbox(vote(1))
    await flushOutbox({ fetch: fakeFetch(() => 'offline').fetch })
    await expect(syncOutbox({ fetch: fakeFetch(() => 'offline').fetch })).rejects.toThrow('still waiting')
    const net = fakeFetch()
    await syncOutbox({ fetch: net.fetch })
    expect(net.sent.length).toBe(1)
    expect(await readOutbox()).toEqual([])
  })
})
