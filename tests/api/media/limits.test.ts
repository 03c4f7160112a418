/**
 * Limits of the media pipeline: no header field of an upload costs more than the file's own size (a crafted MP4
 * leaves the server answering), animations have a frame cap, videos in codecs the site does not serve are refused,
 * ffmpeg runs out of process under a timeout and reads local files only, and one bounded queue holds the jobs of the
 * process (503 with Retry-After when it is full, nothing left behind).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFsStorage } from '@server/storage/fs-storage'
import type { Storage } from '@server/storage/storage'
import { runFfmpeg } from '@server/media/pipeline/ffmpeg'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia } from '../../support/builders'
import { filesUnder, waitFor } from '../../support/process-checks'
import { hugeSampleCountMp4, manyFrameGif } from '../../support/crafted-media'
import { startServer, type TestServer } from '../../support/browser'
import { seedUploads } from '../../support/seed'
import { paths } from '@contract/paths'

/** The longest /api/health may wait while a crafted upload is processed, ms. */
const HEALTH_BOUND_MS = 200

const scratch = mkdtempSync(join(tmpdir(), 'hotvote-limits-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>])
const bucketKeys = async (storage: Storage) => (await Array.fromAsync(storage.list())).map((o) => o.key)

describe('a crafted MP4 on a listening server', () => {
  let server: TestServer
  beforeAll(async () => (server = await startServer()))
  afterAll(() => server?.stop())

  it('answers /api/health promptly while an MP4 whose sample table claims millions of samples is refused with 415 JSON', async () => {
    // A real video first, so loading the pipeline's modules is not part of what is measured.
    const { ownerId, cookie } = await seedUploads(server, ['kite-sky-portrait.mp4'])
    const form = new FormData()
    form.append('userId', String(ownerId))
    form.append('file', blob(hugeSampleCountMp4(30_000_000)), 'crafted.mp4')
    let settled = false
    const upload = fetch(`${server.url}${paths.mediaUpload()}`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: form,
    }).finally(() => (settled = true))
    const waits: number[] = []
    do {
      const started = performance.now()
      expect((await fetch(`${server.url}${paths.health()}`)).status).toBe(200)
      waits.push(performance.now() - started)
    } while (!settled)
    const r = await upload
    expect([
      r.status,
      r.headers.get('content-type')?.startsWith('application/json'),
      ((await r.json()) as { error: string }).error,
    ]).toEqual([415, true, 'The file content is not a valid video/mp4 file'])
    expect(Math.max(...waits)).toBeLessThan(HEALTH_BOUND_MS)
    expect(filesUnder(join(server.dataDir, 'tmp'))).toEqual([])
  })
})

describe('crafted containers', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('refuses an animated GIF of more frames than IMAGE_MAX_FRAMES with 413 JSON naming the cap, and keeps nothing of it', async () => {
    const visitor = await makeVisitor(t.app)
    const before = await bucketKeys(t.deps.storage)
    const r = await makeMedia(t.app, visitor, 'many.gif', { bytes: blob(manyFrameGif(250)) })
    expect([r.status, r.json.error]).toEqual([413, 'The animation has 250 frames; at most 100 are accepted'])
    expect(await bucketKeys(t.deps.storage)).toEqual(before)
    expect(filesUnder(t.deps.tmpDir)).toEqual([])
  })

  it('accepts an animated GIF within the cap with every frame', async () => {
    const r = await makeMedia(t.app, await makeVisitor(t.app), 'few.gif', { bytes: blob(manyFrameGif(20)) })
    expect(r.status).toBe(201)
  })

  it('refuses a video in a codec the site does not serve (MPEG-4 Part 2) with 415 naming the codecs it takes', async () => {
    const mpeg4 = join(scratch, 'mpeg4.mp4')
    const proc = Bun.spawn(
      [
        ffmpegInstaller.path,
        '-v',
        'error',
        '-i',
        join(FIXTURES_DIR, 'kite-sky-portrait.mp4'),
        '-t',
        '0.5',
        '-an',
        '-c:v',
        'mpeg4',
        '-y',
        mpeg4,
      ],
      { stderr: 'pipe' },
    )
    expect(await proc.exited).toBe(0)
    const r = await makeMedia(t.app, await makeVisitor(t.app), 'old.mp4', { bytes: blob(readFileSync(mpeg4)) })
    expect([r.status, r.json.error]).toEqual([415, 'The video codec "mp4v" is not accepted; use H.264, HEVC, VP9, AV1'])
  })
})

describe('ffmpeg runs', () => {
  it('kills an ffmpeg run that outlives its timeout and reports it', async () => {
    // An endless generated input: only the timeout ends it.
    expect(runFfmpeg(['-f', 'lavfi', '-i', 'nullsrc', '-f', 'null', '-'], 1)).rejects.toThrow('ffmpeg was stopped by SIGKILL')
  })

  it('reads local files only', async () => {
    expect(runFfmpeg(['-i', 'http://127.0.0.1:9/x.mp4', '-f', 'null', '-'], 5)).rejects.toThrow(/not on whitelist/)
  })
})

describe('the pipeline queue', () => {
  // Puts wait for open(): the first job holds the only slot for as long as the test wants.
  const inner = createFsStorage(join(scratch, 'bucket'))
  let open = () => {}
  const gate = new Promise<void>((resolve) => (open = resolve))
  let puts = 0
  const storage: Storage = { ...inner, put: async (key, body, opts) => (puts++, await gate, inner.put(key, body, opts)) }
  const t = makeTestApp({ PIPELINE_CONCURRENCY: '1', PIPELINE_QUEUE_LENGTH: '1' }, { storage })
  afterAll(t.cleanup)

  it('lets one upload wait, refuses the next with 503 JSON and Retry-After (before reading its body once the queue is full), and leaves nothing of it behind', async () => {
    const visitor = await makeVisitor(t.app)
    const first = makeMedia(t.app, visitor, 'yellow-daisy.webp')
    await waitFor('the first upload to reach storage', () => puts > 0)
    // The slot is taken: one of these two waits in the queue (until the gate opens), the other finds the queue full.
    const rest = [makeMedia(t.app, visitor, 'tabby-cat.png'), makeMedia(t.app, visitor, 'colorful-cups.png')]
    const refused = await Promise.race(rest)
    expect([
      refused.status,
      refused.headers.get('content-type')?.startsWith('application/json'),
      refused.headers.get('retry-after'),
      refused.json.error,
    ]).toEqual([503, true, '10', 'The server is busy processing other uploads; try again shortly'])
    // While it is full, an upload is refused before its body is read: this body never ends.
    const endless = new ReadableStream({
      start: (c) => c.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n')),
    })
    const early = await call(t.app, 'POST', paths.mediaUpload(), undefined, {
      cookie: visitor.cookie,
      raw: endless,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect([early.status, early.headers.get('retry-after')]).toEqual([503, '10'])
    open()
    expect((await Promise.all([first, ...rest])).map((r) => r.status).sort()).toEqual([201, 201, 503])
    expect((await bucketKeys(t.deps.storage)).filter((key) => /^media\/\d{4}\/\d{2}\/[^/]+$/.test(key)).length).toBe(2)
    expect(filesUnder(t.deps.tmpDir)).toEqual([])
  })
})
