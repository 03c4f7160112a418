import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'bun:test'
import { MB } from '@contract/media'
import { closeOutboxDb, OUTBOX_DB_NAME } from '@client/lib/offline/outbox-db'
import { onOutboxEvent } from '@client/lib/offline/outbox-events'
import { cancelOutboxItem, flushOutbox, readOutbox, takeDropReports } from '@client/lib/offline/outbox'
import { fakeTusServer } from './api/fake-tus-server'
import { queueUpload, uploadDropMessage } from './api/upload-media'
import { percentOf, sendsByTus, TUS_THRESHOLD_BYTES, uploadKind } from './outbox-kind'

const ORIGIN = 'http://hotvote.test'
const realFetch = globalThis.fetch

/** A video of size bytes, each byte depending on its position. */
const video = (name: string, size: number) =>
  new File([Uint8Array.from({ length: size }, (_, i) => (i * 7 + (i >> 12)) & 0xff)], name, { type: 'video/mp4' })

/**
 * server's fetch behind a link that goes down for good at the first dropped connection, until link.up(); with global,
 * the global fetch too (cancel's DELETE takes no fetch of its own). Only then, so that a request another test file left
 * running never reaches this server.
 */
function linkTo(server: ReturnType<typeof fakeTusServer>, { global = false } = {}) {
  let up = true
  const fetchImpl = async (url: string, init: RequestInit = {}) => {
    if (!up) throw new TypeError('Failed to fetch')
    try {
      return await server.fetch(url, init)
    } catch (e) {
      up = false
      throw e
    }
  }
  if (global) globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => fetchImpl(String(input), init)) as typeof fetch
  return { fetch: fetchImpl as unknown as typeof fetch, up: () => void (up = true) }
}

beforeAll(() => Object.defineProperty(globalThis, 'location', { value: new URL(ORIGIN), configurable: true }))
afterAll(() => Reflect.deleteProperty(globalThis, 'location'))
afterEach(async () => {
  globalThis.fetch = realFetch
  await closeOutboxDb()
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB_NAME)
    req.onsuccess = req.onerror = resolve
  })
})

describe('the upload kind', () => {
  it('sends a video through tus, keeps its URL and confirmed offset when the link drops, and resumes there in the next flush', async () => {
    const server = fakeTusServer({ cutsAt: [2.5 * MB] })
    const link = linkTo(server)
    const file = video('clip.mp4', 5 * MB)
    const percents: number[] = []
    const sent: unknown[] = []
    const stop = onOutboxEvent((e) => (e.type === 'progress' ? percents.push(e.percent) : e.type === 'sent' && sent.push(e.body)))
    const id = await queueUpload(file, 7, 'video-1')

    expect((await flushOutbox({ fetch: link.fetch })).retrying).toBe(true)
    const [waiting] = await readOutbox()
    expect(uploadKind.is(waiting!) && waiting.resumable).toEqual({ url: `${ORIGIN}/api/media/tus/u1`, offset: 2 * MB })
    expect(waiting).toMatchObject({ id, attempts: 1, lastError: 'Network error during upload' })

    link.up()
    expect(await flushOutbox({ fetch: link.fetch, force: true })).toEqual({ sent: 1, dropped: 0, retrying: false })
    stop()
    expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1)
    expect(server.state.pushedBytes).toBe(file.size)
    expect(new Uint8Array(Buffer.concat(server.uploads.get('u1')!.chunks))).toEqual(new Uint8Array(await file.arrayBuffer()))
    expect(sent).toEqual([{ message: 'Upload successful', media: { id: 1, originalName: 'clip.mp4' } }])
    // Progress is the share of bytes the server confirmed, never going back.
    expect(percents).toEqual([20, 40, 70, 90, 100])
    expect(await readOutbox()).toEqual([])
  }, 20_000)

  it('terminates a stored resumable upload on the server when the visitor removes it', async () => {
    const server = fakeTusServer({ cutsAt: [1.5 * MB] })
    const link = linkTo(server, { global: true })
    const id = await queueUpload(video('gone.mp4', 3 * MB), 7, 'video-2')
    await flushOutbox({ fetch: link.fetch })
    expect(server.uploads.size).toBe(1)
    link.up()
    expect(await cancelOutboxItem(id)).toBe(true)
    expect(server.requests.at(-1)).toBe('DELETE /api/media/tus/u1')
    expect(server.uploads.size).toBe(0)
    expect(await readOutbox()).toEqual([])
  }, 20_000)

  it('aborts the multipart request of a small photo the visitor removes while it is sent, and never sends it again', async () => {
    // A server that stores the photo when the request's body has all come in (finish()), unless the request was aborted first.
    const stored: string[] = []
    let finish!: () => void
    let arrived!: () => void
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
    const requests: { url: string; signal?: AbortSignal | null }[] = []
    const fetchImpl = ((url: string, init: RequestInit) => {
      requests.push({ url, signal: init.signal })
      arrived()
      return new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted', 'AbortError')))
        finish = () => {
          if (init.signal?.aborted) return
          stored.push(url)
          resolve(Response.json({ message: 'Upload successful', media: { id: 9 } }, { status: 201 }))
        }
      })
    }) as unknown as typeof fetch
    const photo = new File([new Uint8Array(1000)], 'small.jpg', { type: 'image/jpeg' })
    const id = await queueUpload(photo, 7, 'photo-1')
    const flushing = flushOutbox({ fetch: fetchImpl })
    await requestArrived
    expect(await cancelOutboxItem(id)).toBe(true)
    finish()
    expect(await flushing).toEqual({ sent: 0, dropped: 0, retrying: false })
    expect(requests).toMatchObject([{ url: '/api/media/upload' }])
    expect(requests[0]!.signal?.aborted).toBe(true)
    expect(stored).toEqual([])
    expect(await readOutbox()).toEqual([])
    expect(await takeDropReports()).toEqual([])
    expect(await flushOutbox({ fetch: fetchImpl, force: true })).toEqual({ sent: 0, dropped: 0, retrying: false })
    expect(requests).toHaveLength(1)
  })

  it("reports a refusal at creation with the server's message", async () => {
    const server = fakeTusServer({ refuse: { status: 413, message: 'Upload quota exceeded' } })
    await queueUpload(video('big.mp4', MB), 7, 'video-3')
    expect(await flushOutbox({ fetch: linkTo(server).fetch })).toEqual({ sent: 0, dropped: 1, retrying: false })
    const [report] = await takeDropReports()
    expect(report).toMatchObject({ kind: 'upload', status: 413, fileName: 'big.mp4' })
    expect(uploadDropMessage(report!)).toBe('Upload quota exceeded')
  })

  it('counts progress in whole percents of confirmed bytes', () => {
    expect(percentOf(0, 10)).toBe(0)
    expect(percentOf(999, 1000)).toBe(99)
    expect(percentOf(1000, 1000)).toBe(100)
    expect(percentOf(0, 0)).toBe(0)
  })
})

describe('sendsByTus', () => {
  it('sends every video and any file over 4 MB through tus, smaller photos through POST /api/media/upload', () => {
    expect(TUS_THRESHOLD_BYTES).toBe(4 * MB)
    expect(sendsByTus('video/mp4', 1000)).toBe(true)
    expect(sendsByTus('image/jpeg', 4 * MB + 1)).toBe(true)
    expect(sendsByTus('image/jpeg', 4 * MB)).toBe(false)
    expect(sendsByTus('image/png', 10)).toBe(false)
  })
})
