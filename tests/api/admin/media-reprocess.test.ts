/**
 * The media backfill (`hotvote media reprocess`, /api/admin/media/reprocess): media stored before the
 * pipeline get variants, placeholder and a stripped copy; GIF and WebP items processed before frames were counted get
 * counted, and an animation its still poster; videos processed before small renditions get theirs; a stopped run
 * resumes; a second run does nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import sharp from 'sharp'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)
const FILES = ['storm-over-highway.jpg', 'paint-brushes.gif', 'rowing-boats-pan.mp4', 'tabby-cat.png']
let phoneKey = ''

/** Turns every stored item back into what the version before the pipeline stored: the original bytes, no derived objects, no pipeline columns. */
async function storeAsBeforeThePipeline() {
  const rows = (await t.sql.all('select storage_key as key, mime_type as type from media')) as { key: string; type: string }[]
  for await (const o of t.deps.storage.list()) if (!rows.some((r) => r.key === o.key)) await t.deps.storage.delete(o.key)
  // One item gets a camera original with GPS back, as an old upload would have kept it.
  phoneKey = rows.find((r) => r.type === 'image/jpeg')!.key
  const phone = await sharp(join(FIXTURES_DIR, FILES[0]))
    .withExif({ IFD0: { Make: 'AcmePhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer()
  await t.deps.storage.put(phoneKey, new Blob([new Uint8Array(phone)]).stream(), { size: phone.length, contentType: 'image/jpeg' })
  await t.sql.run('update media set placeholder = null, variants = null, processed_at = null, duration_ms = null, stored_sha256 = null')
}

const status = async () => (await call(t.app, 'GET', paths.adminReprocess(), undefined, { headers: ADMIN_BASIC })).json
const batch = async (body: Record<string, unknown>) =>
  (await call(t.app, 'POST', paths.adminReprocess(), body, { headers: ADMIN_BASIC })).json

beforeAll(async () => {
  const v = await makeVisitor(t.app)
  for (const f of FILES) expect((await makeMedia(t.app, v, f)).status).toBe(201)
  await storeAsBeforeThePipeline()
})

describe('media reprocess', () => {
  it('counts the items waiting, resumes after a stopped run, processes each once, and then has nothing to do', async () => {
    expect(await status()).toEqual({ pending: 4 })
    expect(
      await call(t.app, 'GET', paths.adminMedia(), undefined, { headers: ADMIN_BASIC }).then((r) =>
        r.json.map((m: { processed: boolean }) => m.processed),
      ),
    ).toEqual([false, false, false, false])
    // A run that stops after its first batch of one...
    expect(await batch({ limit: 1 })).toMatchObject({ processed: 1, failed: 0, lastId: 1, remaining: 3 })
    expect(await status()).toEqual({ pending: 3 })
    // ...and a new run that starts again from the beginning finishes.
    let r = await batch({ limit: 2 })
    expect(r).toMatchObject({ processed: 2, lastId: 3, remaining: 1 })
    r = await batch({ limit: 2, afterId: r.lastId })
    expect(r).toMatchObject({ processed: 1, remaining: 0 })
    expect(await status()).toEqual({ pending: 0 })
    const items = (await call(t.app, 'GET', paths.adminMedia(), undefined, { headers: ADMIN_BASIC })).json
    for (const m of items) {
      expect(m.processed).toBe(true)
      expect(m.placeholder).toBeTruthy()
      if (m.mimeType.startsWith('image/')) expect(m.variants.length).toBeGreaterThan(0)
      else expect([!!m.posterUrl, !!m.smallVideo]).toEqual([true, true])
      const derived = [...m.variants.map((x: { url: string }) => x.url), m.posterUrl, m.smallVideo?.url].filter(Boolean)
      for (const url of [m.url, ...derived]) expect((await t.app.handle(new Request(`http://localhost${url}`))).status).toBe(200)
    }
    const phone = Buffer.from(await new Response((await t.deps.storage.get(phoneKey))!.body).arrayBuffer())
    expect(phone.includes('AcmePhone')).toBe(false)
    // Each item records the hash of the stripped copy now stored under its key, for the bucket's duplicate scan.
    for (const row of (await t.sql.all('select storage_key as key, stored_sha256 as "storedSha256" from media')) as {
      key: string
      storedSha256: string
    }[])
      expect(row.storedSha256).toBe(
        new Bun.CryptoHasher('sha256').update(await Bun.readableStreamToBytes((await t.deps.storage.get(row.key))!.body)).digest('hex'),
      )
    // A second run does nothing: no item is looked at, no object is written.
    const before = (await Array.fromAsync(t.deps.storage.list())).map((o) => `${o.key} ${o.lastModified}`)
    expect(await batch({})).toEqual({ processed: 0, failed: 0, errors: [], lastId: null, remaining: 0 })
    expect((await Array.fromAsync(t.deps.storage.list())).map((o) => `${o.key} ${o.lastModified}`)).toEqual(before)
  })

  it('reports an item whose object is missing and goes on; refuses a bad since or limit with 400', async () => {
    const v = await makeVisitor(t.app)
    const item = (await makeMedia(t.app, v, 'yellow-daisy.webp')).json.media
    await t.sql.run('update media set processed_at = null where id = ?', ...[item.id])
    await t.deps.storage.delete(item.url.replace('/api/media/file/', ''))
    const r = await batch({ afterId: 0 })
    expect(r).toMatchObject({ processed: 0, failed: 1, remaining: 0 })
    expect(r.errors[0]).toContain('stored object is missing')
    expect((await call(t.app, 'POST', paths.adminReprocess(), { since: 'yesterday' }, { headers: ADMIN_BASIC })).status).toBe(400)
    expect((await call(t.app, 'POST', paths.adminReprocess(), { limit: 500 }, { headers: ADMIN_BASIC })).status).toBe(400)
    expect((await call(t.app, 'GET', '/api/admin/media/reprocess?since=2026-11-23', undefined, { headers: ADMIN_BASIC })).json).toEqual({
      pending: 0,
    })
    expect((await call(t.app, 'POST', paths.adminReprocess(), {})).status).toBe(401)
  })
})

describe('media reprocess of animations processed before posters', () => {
  const u = makeTestApp()
  afterAll(u.cleanup)

  it('gives an animated GIF its poster, counts the frames of a still GIF and WebP, and then has nothing to do', async () => {
    const v = await makeVisitor(u.app)
    const items = []
    for (const f of ['mountain-sunset-animated.gif', 'paint-brushes.gif', 'yellow-daisy.webp', 'storm-over-highway.jpg'])
      items.push((await makeMedia(u.app, v, f)).json.media)
    const animated = items[0]
    const posterKey = animated.posterUrl.replace('/api/media/file/', '')
    // As the pipeline left them before it counted frames: processed, no frame count, no poster.
    await u.sql.run('update media set frames = null')
    await u.deps.storage.delete(posterKey)
    const admin = { headers: ADMIN_BASIC }
    const listed = async () =>
      (await call(u.app, 'GET', paths.adminMedia(), undefined, admin)).json as { id: number; posterUrl: string | null }[]
    expect((await listed()).find((m) => m.id === animated.id)?.posterUrl).toBeNull()
    expect((await call(u.app, 'GET', paths.adminReprocess(), undefined, admin)).json).toEqual({ pending: 3 })
    expect((await call(u.app, 'POST', paths.adminReprocess(), {}, admin)).json).toMatchObject({ processed: 3, failed: 0, remaining: 0 })
    expect((await listed()).find((m) => m.id === animated.id)?.posterUrl).toBe(animated.posterUrl)
    expect(await u.deps.storage.head(posterKey)).toBeDefined()
    const frames = (await u.sql.all('select frames from media order by id')) as { frames: number | null }[]
    // A JPEG is never looked at again: it has no animation to count.
    expect(frames.map((r) => r.frames)).toEqual([12, 1, 1, null])
    expect((await call(u.app, 'GET', paths.adminReprocess(), undefined, admin)).json).toEqual({ pending: 0 })
  })
})

/** Runs the ffmpeg on PATH; throws with its stderr on failure. */
async function ffmpeg(args: string[]) {
  const proc = Bun.spawn(['ffmpeg', '-hide_banner', '-v', 'error', ...args], { stderr: 'pipe' })
  if ((await proc.exited) !== 0) throw new Error(await new Response(proc.stderr).text())
}

describe('media reprocess of videos processed before small renditions', () => {
  const u = makeTestApp()
  const scratch = mkdtempSync(join(tmpdir(), 'hotvote-reprocess-video-'))
  afterAll(() => {
    u.cleanup()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('makes their rendition, leaves one that would not be smaller, and tries a failed one again on the next run', async () => {
    const v = await makeVisitor(u.app)
    const admin = { headers: ADMIN_BASIC }
    // A tiny, coarse H.264 clip: its rendition would be larger. DTS audio: the rendition's encode does not open it.
    const tiny = join(scratch, 'tiny.mp4')
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10', '-t', '2', '-c:v', 'libx264', '-crf', '51', '-y', tiny])
    const dts = join(scratch, 'dts.mp4')
    const source = join(FIXTURES_DIR, 'flowers-crossfade-tone.mp4')
    await ffmpeg(['-i', source, '-c:v', 'copy', '-c:a', 'dca', '-strict', '-2', '-f', 'mp4', '-y', dts])
    const [kite, small, failing] = [
      (await makeMedia(u.app, v, 'kite-sky-portrait.mp4')).json.media,
      (await makeMedia(u.app, v, 'tiny.mp4', { bytes: Bun.file(tiny) })).json.media,
      (await makeMedia(u.app, v, 'dts.mp4', { bytes: Bun.file(dts) })).json.media,
    ]
    expect([!!kite.smallVideo, small.smallVideo, failing.smallVideo]).toEqual([true, null, null])
    // The tiny clip needs none; the failed encode is tried again.
    expect((await call(u.app, 'GET', paths.adminReprocess(), undefined, admin)).json).toEqual({ pending: 1 })
    // As the pipeline left the first one before renditions: processed, no rendition.
    const smallKey = kite.smallVideo.url.replace('/api/media/file/', '')
    await u.sql.run(`update media set variants = '[]' where id = ?`, kite.id)
    await u.deps.storage.delete(smallKey)
    expect((await call(u.app, 'GET', paths.adminReprocess(), undefined, admin)).json).toEqual({ pending: 2 })
    expect((await call(u.app, 'POST', paths.adminReprocess(), {}, admin)).json).toMatchObject({ processed: 2, failed: 0, remaining: 0 })
    // The failed encode waits for the next run.
    expect((await call(u.app, 'GET', paths.adminReprocess(), undefined, admin)).json).toEqual({ pending: 1 })
    const listed = (await call(u.app, 'GET', paths.adminMedia(), undefined, admin)).json as { id: number; smallVideo: unknown }[]
    expect(listed.find((m) => m.id === kite.id)?.smallVideo).toEqual(kite.smallVideo)
    expect(await u.deps.storage.head(smallKey)).toBeDefined()
    expect(listed.find((m) => m.id === failing.id)?.smallVideo).toBeNull()
  }, 300_000)
})
