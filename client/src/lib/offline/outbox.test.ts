import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'bun:test'
import { closeOutboxDb, OUTBOX_DB_NAME, outboxDb } from './outbox-db'
import { DEFAULT_LEASE_MS, jsonRequest, registerOutboxKind } from './outbox-kinds'
import {
  BACKOFF_MAX_MS,
  backoffDelayMs,
  cancelOutboxItem,
  countByKind,
  enqueueOutbox,
  flushOutbox,
  nextWakeAt,
  readOutbox,
  syncOutbox,
  takeDropReports,
} from './outbox'

type Sent = { url: string; key: string | null; body: string }

/** A fake fetch that records each request and answers with answer(request number, url), or throws when it answers 'offline'. */
function fakeFetch(answer: (n: number, url: string) => Response | 'offline' = () => new Response(null, { status: 204 })) {
  const sent: Sent[] = []
  const fetchImpl = (async (url: string, init: RequestInit): Promise<Response> => {
    const a = answer(sent.length, url)
    const body =
      init.body instanceof FormData ? `form:${(init.body.get('file') as File).name}:${init.body.get('userId')}` : String(init.body)
    sent.push({ url, key: new Headers(init.headers).get('Idempotency-Key'), body })
    if (a === 'offline') throw new TypeError('Failed to fetch')
    // A little latency, so two concurrent flushes really overlap.
    await Bun.sleep(2)
    return a
  }) as unknown as typeof fetch
  return { fetch: fetchImpl, sent }
}

// Kinds of this test only: the outbox knows no feature's wire format (the app's kinds are tested in client/src/outbox-kinds.test.ts).
type NotePayload = { kind: 'note'; mediaId: number; isHot: boolean }
type FilePayload = { kind: 'file'; userId: number; file: Blob; fileName: string; fileType: string }
const FILE_LEASE_MS = 60_000
registerOutboxKind<NotePayload>({
  kind: 'note',
  request: (item) => jsonRequest(`/notes/${item.mediaId}`, { mediaId: item.mediaId, isHot: item.isHot }),
  report: (item) => ({ mediaId: item.mediaId }),
  drop: { title: 'Note failed', fallback: 'No note', rank: 1 },
})
const fileKind = registerOutboxKind<FilePayload>({
  kind: 'file',
  request: (item) => {
    const form = new FormData()
    form.append('userId', String(item.userId))
    form.append('file', new File([item.file], item.fileName, { type: item.fileType }))
    return { url: '/files', init: { body: form } }
  },
  leaseMs: FILE_LEASE_MS,
  report: (item) => ({ fileName: item.fileName }),
  drop: { title: 'File failed', fallback: 'No file', rank: 0 },
})
// Answers 202 as a refusal: a kind's own classify replaces the default.
registerOutboxKind<{ kind: 'strict' }>({
  kind: 'strict',
  request: () => ({ url: '/strict', init: { method: 'PUT' } }),
  classify: (answer) =>
    answer.status === 202
      ? { type: 'drop', status: 202, reason: 'Accepted is not enough' }
      : { type: 'sent', status: answer.status, body: undefined },
  drop: { title: 'Strict failed', fallback: 'No', rank: 2 },
})

// Sends itself in chunks, saving how many the "server" has (a resumable upload's offset); down: the link fails before
// chunk 2; gate: awaited after each chunk, so a test can act mid-send.
type ChunkPayload = { kind: 'chunks'; total: number; done?: number }
const chunks = {
  log: [] as string[],
  down: false,
  gate: undefined as ((n: number) => Promise<void>) | undefined,
  cancelled: [] as string[],
}
registerOutboxKind<ChunkPayload>({
  kind: 'chunks',
  request: () => ({ url: '/not-used', init: {} }),
  send: async (item, { signal, save }) => {
    for (let n = item.done ?? 0; n < item.total; n++) {
      if (chunks.down && n === 2) return { type: 'retry', reason: 'Network error' }
      chunks.log.push(`${item.id}:${n}`)
      await save({ done: n + 1 })
      await chunks.gate?.(n)
      if (signal.aborted) return { type: 'retry', reason: 'Stopped' }
    }
    return { type: 'sent', status: 200, body: { chunks: item.total } }
  },
  cancel: async (item) => void chunks.cancelled.push(item.id),
  drop: { title: 'Chunks failed', fallback: 'No', rank: 3 },
})

const vote = (mediaId: number, isHot = true): NotePayload => ({ kind: 'note', mediaId, isHot })
const file = (userId: number, name: string, bytes = 'gif'): FilePayload => ({
  kind: 'file',
  userId,
  file: new Blob([bytes]),
  fileName: name,
  fileType: 'image/gif',
})

afterEach(async () => {
  await closeOutboxDb()
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB_NAME)
    req.onsuccess = req.onerror = resolve
  })
})

describe('flushOutbox', () => {
  it('sends items of every kind oldest first, each as its kind builds it with its id as Idempotency-Key, and empties the outbox', async () => {
    const ids = [await enqueueOutbox(vote(3)), await enqueueOutbox(file(1, 'a.gif')), await enqueueOutbox(vote(1, false))]
    expect(countByKind(await readOutbox())).toEqual({ note: 2, file: 1 })
    const net = fakeFetch()
    expect(await flushOutbox({ fetch: net.fetch })).toEqual({ sent: 3, dropped: 0, retrying: false })
    expect(net.sent.map((s) => s.url)).toEqual(['/notes/3', '/files', '/notes/1'])
    expect(net.sent.map((s) => s.key)).toEqual(ids)
    expect(JSON.parse(net.sent[2]!.body)).toEqual({ mediaId: 1, isHot: false })
    expect(net.sent[1]!.body).toBe('form:a.gif:1')
    expect(await readOutbox()).toEqual([])
  })

  it('refuses to store an item of a kind nobody registered, and keeps and retries a stored one (another version of the app wrote it)', async () => {
    await expect(enqueueOutbox({ kind: 'nobody' })).rejects.toThrow("Outbox kind 'nobody' is not registered")
    const db = await outboxDb()
    await db.add('items', { kind: 'nobody', id: 'old', createdAt: 0, attempts: 0, nextAttemptAt: 0, leaseUntil: 0 })
    const net = fakeFetch()
    expect(await flushOutbox({ fetch: net.fetch, now: () => 5 })).toEqual({ sent: 0, dropped: 0, retrying: true })
    expect(net.sent).toEqual([])
    expect(await readOutbox()).toMatchObject([{ id: 'old', attempts: 1, lastError: "No sender for outbox kind 'nobody'" }])
  })

  it("holds an item for its kind's lease while it is sent (the default lease otherwise)", async () => {
    await enqueueOutbox(file(1, 'a.gif'))
    await enqueueOutbox(vote(2))
    const leases: number[] = []
    const watch = (async () => {
      leases.push((await readOutbox())[0]!.leaseUntil)
      return new Response(null, { status: 204 })
    }) as unknown as typeof fetch
    await flushOutbox({ fetch: watch, now: () => 1000 })
    expect(leases).toEqual([1000 + FILE_LEASE_MS, 1000 + DEFAULT_LEASE_MS])
  })

  it("sends with the kind's method and classifies the answer with the kind's classify", async () => {
    const id = await enqueueOutbox({ kind: 'strict' })
    const methods: string[] = []
    const accepted = (async (_: string, init: RequestInit) => (
      methods.push(init.method!), new Response(null, { status: 202 })
    )) as unknown as typeof fetch
    expect(await flushOutbox({ fetch: accepted, now: () => 7 })).toEqual({ sent: 0, dropped: 1, retrying: false })
    expect(methods).toEqual(['PUT'])
    expect(await takeDropReports()).toEqual([
      { id, kind: 'strict', status: 202, reason: 'Accepted is not enough', serverMessage: undefined, droppedAt: 7 },
    ])
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
    const answers = [
      new Response('boom', { status: 503 }),
      new Response('slow', { status: 408 }),
      new Response('{"error":"Too many"}', { status: 429, headers: { 'Retry-After': '120' } }),
    ]
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
    const net = fakeFetch((n) =>
      n === 0 ? Response.json({ error: 'Media not found' }, { status: 404 }) : new Response(null, { status: 204 }),
    )
    const refused = await enqueueOutbox(vote(9))
    await enqueueOutbox(file(1, 'b.gif'))
    expect(await flushOutbox({ fetch: net.fetch, now: () => 50 })).toEqual({ sent: 1, dropped: 1, retrying: false })
    expect(await readOutbox()).toEqual([])
    expect(await takeDropReports()).toEqual([
      { id: refused, kind: 'note', status: 404, reason: 'Media not found', serverMessage: 'Media not found', mediaId: 9, droppedAt: 50 },
    ])
    // A report is handed out once.
    expect(await takeDropReports()).toEqual([])
  })

  it('keeps waiting items across a reload (the database closed and opened again)', async () => {
    const id = await enqueueOutbox(file(4, 'cat.png', 'bytes'))
    await flushOutbox({ fetch: fakeFetch(() => 'offline').fetch })
    await closeOutboxDb()
    const [item] = await readOutbox()
    expect(item).toMatchObject({ id, kind: 'file', fileName: 'cat.png', attempts: 1 })
    expect(fileKind.is(item!) && (await item.file.text())).toBe('bytes')
    const net = fakeFetch()
    await flushOutbox({ fetch: net.fetch, force: true })
    expect(net.sent.map((s) => [s.key, s.body])).toEqual([[id, 'form:cat.png:4']])
  })

  it('sends each item once when two flushes run at the same time', async () => {
    for (let m = 1; m <= 6; m++) await enqueueOutbox(vote(m))
    const net = fakeFetch()
    const results = await Promise.all([
      flushOutbox({ fetch: net.fetch }),
      flushOutbox({ fetch: net.fetch }),
      flushOutbox({ fetch: net.fetch }),
    ])
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

describe('kinds that send themselves', () => {
  afterEach(() => {
    chunks.log = []
    chunks.cancelled = []
    chunks.down = false
    chunks.gate = undefined
  })

  it('keeps what a send saved when it fails, and the next send resumes there, sending each chunk once', async () => {
    const id = await enqueueOutbox<ChunkPayload>({ kind: 'chunks', total: 4 })
    chunks.down = true
    expect(await flushOutbox()).toEqual({ sent: 0, dropped: 0, retrying: true })
    const [waiting] = await readOutbox()
    expect(waiting).toMatchObject({ id, done: 2, attempts: 1, leaseUntil: 0, lastError: 'Network error' })
    chunks.down = false
    expect(await flushOutbox({ force: true })).toEqual({ sent: 1, dropped: 0, retrying: false })
    expect(chunks.log).toEqual([0, 1, 2, 3].map((n) => `${id}:${n}`))
    expect(await readOutbox()).toEqual([])
  })

  it('renews the lease with every save', async () => {
    await enqueueOutbox<ChunkPayload>({ kind: 'chunks', total: 2 })
    let clock = 1_000_000
    const leases: number[] = []
    chunks.gate = async () => {
      leases.push((await readOutbox())[0]!.leaseUntil)
      clock += 10_000
    }
    await flushOutbox({ now: () => clock })
    expect(leases).toEqual([1_000_000 + DEFAULT_LEASE_MS, 1_010_000 + DEFAULT_LEASE_MS])
  })

  it('lets a visitor remove an item while it is sent: its sender stops, the kind cancels it, nothing is rescheduled or reported', async () => {
    const id = await enqueueOutbox<ChunkPayload>({ kind: 'chunks', total: 5 })
    let removed: Promise<boolean> | undefined
    chunks.gate = async (n) => {
      if (n === 1) removed = cancelOutboxItem(id)
      if (n === 1) await removed
    }
    expect(await flushOutbox()).toEqual({ sent: 0, dropped: 0, retrying: false })
    expect(await removed).toBe(true)
    expect(chunks.log).toEqual([`${id}:0`, `${id}:1`])
    expect(chunks.cancelled).toEqual([id])
    expect(await readOutbox()).toEqual([])
    expect(await takeDropReports()).toEqual([])
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

  it('rejects while an item waits behind another sender, so Background Sync tries again', async () => {
    await enqueueOutbox(vote(1))
    let release!: () => void
    let sending!: () => void
    const started = new Promise<void>((resolve) => (sending = resolve))
    const held = flushOutbox({
      send: () => (sending(), new Promise((resolve) => (release = () => resolve({ type: 'sent', status: 201, body: undefined })))),
    })
    await started
    const net = fakeFetch()
    await expect(syncOutbox({ fetch: net.fetch })).rejects.toThrow('still waiting')
    expect(net.sent).toEqual([])
    release()
    await held
    await syncOutbox({ fetch: net.fetch })
  })
})
