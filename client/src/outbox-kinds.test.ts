import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'bun:test'
import { closeOutboxDb, OUTBOX_DB_NAME } from './lib/offline/outbox-db'
import { countByKind, flushOutbox, readOutbox, takeDropReports } from './lib/offline/outbox'
import { dropToast } from './lib/offline/use-outbox-sync'
import { queueVote } from './features/votes/api/queue-vote'
import { queueView } from './features/votes/api/queue-view'
import { queueUpload } from './features/upload/api/upload-media'
import { UPLOAD_LEASE_MS } from './features/upload/outbox-kind'
import './outbox-kinds'

type Sent = { url: string; key: string | null; body: string; leaseUntil: number }

/** A fake fetch recording each request (and the head item's lease while it is sent), answering answer(request number). */
function fakeFetch(answer: (n: number) => Response = () => new Response(null, { status: 204 })) {
  const sent: Sent[] = []
  const fetchImpl = (async (url: string, init: RequestInit): Promise<Response> => {
    const body =
      init.body instanceof FormData
        ? `form:${(init.body.get('file') as File).name}:${(init.body.get('file') as File).type}:${init.body.get('userId')}`
        : String(init.body)
    sent.push({ url, key: new Headers(init.headers).get('Idempotency-Key'), body, leaseUntil: (await readOutbox())[0]!.leaseUntil })
    return answer(sent.length - 1)
  }) as unknown as typeof fetch
  return { fetch: fetchImpl, sent }
}

afterEach(async () => {
  await closeOutboxDb()
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB_NAME)
    req.onsuccess = req.onerror = resolve
  })
})

describe("the app's offline kinds", () => {
  it('send votes, views and uploads as the server contract takes them, each with its id as Idempotency-Key', async () => {
    const ids = [
      await queueVote({ userId: 1, mediaId: 3, isHot: true }),
      await queueView(4, 1),
      await queueVote({ userId: 1, mediaId: 1, isHot: false }),
    ]
    ids.push(await queueUpload(new File(['gif'], 'a.gif', { type: 'image/gif' }), 1, 'upload-1'))
    expect(countByKind(await readOutbox())).toEqual({ vote: 2, view: 1, upload: 1 })
    const net = fakeFetch()
    expect(await flushOutbox({ fetch: net.fetch, now: () => 1000 })).toEqual({ sent: 4, dropped: 0, retrying: false })
    expect(net.sent.map((s) => s.url)).toEqual(['/api/votes', '/api/media/4/view', '/api/votes', '/api/media/upload'])
    expect(net.sent.map((s) => s.key)).toEqual(ids)
    expect(JSON.parse(net.sent[1]!.body)).toEqual({ userId: 1 })
    expect(JSON.parse(net.sent[2]!.body)).toEqual({ userId: 1, mediaId: 1, isHot: false })
    expect(net.sent[3]!.body).toBe('form:a.gif:image/gif:1')
    // A sender holds an upload for 5 minutes, a vote or view for the default 30 s.
    expect(net.sent.map((s) => s.leaseUntil - 1000)).toEqual([30_000, 30_000, 30_000, UPLOAD_LEASE_MS])
  })

  it("report a refused vote as 'Vote Failed' naming the item, and lead with a refused upload", async () => {
    const refuse = () => Response.json({ error: 'Media not found' }, { status: 404 })
    const vote = await queueVote({ userId: 1, mediaId: 9, isHot: true })
    await flushOutbox({ fetch: fakeFetch(refuse).fetch, now: () => 50 })
    await queueView(9, 1)
    await flushOutbox({ fetch: fakeFetch(refuse).fetch, now: () => 60 })
    const reports = await takeDropReports()
    expect(reports[0]).toEqual({
      id: vote,
      kind: 'vote',
      status: 404,
      reason: 'Media not found',
      serverMessage: 'Media not found',
      mediaId: 9,
      droppedAt: 50,
    })
    expect(dropToast(reports)).toEqual({ title: 'Vote Failed', description: 'Media not found (1 more not sent)', variant: 'destructive' })
    expect(dropToast([{ ...reports[1]!, reason: '' }])).toEqual({
      title: 'View not recorded',
      description: 'The view could not be recorded',
      variant: 'destructive',
    })
    await queueUpload(new File(['x'], 'b.gif', { type: 'image/gif' }), 1, 'upload-2')
    await flushOutbox({ fetch: fakeFetch(() => Response.json({ error: 'Duplicate' }, { status: 409 })).fetch })
    const [upload] = await takeDropReports()
    expect(upload).toMatchObject({ kind: 'upload', fileName: 'b.gif', reason: 'Duplicate' })
    expect(dropToast([{ ...reports[0]!, reason: '' }, upload!]).title).toBe('Upload failed')
    expect(dropToast([{ ...reports[0]!, reason: '' }]).description).toBe('Failed to submit vote')
  })
})
