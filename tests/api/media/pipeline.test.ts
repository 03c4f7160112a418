/**
 * The media pipeline: what a visitor can fetch of an upload carries no location or camera tags, is
 * oriented as a person sees it, comes in WebP variants never wider than the source; videos lose their metadata
 * by a stream copy and get a poster; animations stay animated and get a still poster of their first frame; deleting an
 * item leaves nothing of it (fs and S3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startS3rver } from '../../support/s3-server'
import sharp from 'sharp'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createS3Storage } from '@server/storage/s3-storage'
import type { Storage } from '@server/storage/storage'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia } from '../../support/builders'
import { countingStorage, type StorageCounts } from '../../support/counting-storage'
import { paths } from '@contract/paths'

type Media = {
  id: number
  url: string
  width: number
  height: number
  placeholder: string | null
  posterUrl: string | null
  variants: { url: string; width: number; height: number; size: number }[]
  smallVideo: { url: string; width: number; height: number; size: number } | null
}
type T = ReturnType<typeof makeTestApp>

const scratch = mkdtempSync(join(tmpdir(), 'hotvote-pipeline-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A 1200 x 900 JPEG stored sideways (EXIF Orientation 6: shown 900 x 1200) with GPS, Make and Artist tags. */
const phonePhoto = () =>
  sharp(join(FIXTURES_DIR, 'autumn-mountain-meadow.jpg'))
    .resize(1200, 900, { fit: 'fill' })
    .jpeg()
    .withExif({
      IFD0: { Make: 'AcmePhone', Model: 'AcmePhone 12', Artist: 'Ann Uploader' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()

const fetchBytes = async (t: T, url: string) => {
  const res = await t.app.handle(new Request(`http://localhost${url}`))
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}
const servedUrls = (m: Media) => [
  m.url,
  ...m.variants.map((v) => v.url),
  ...(m.posterUrl ? [m.posterUrl] : []),
  ...(m.smallVideo ? [m.smallVideo.url] : []),
]
const bucketObjects = async (storage: Storage) => (await Array.fromAsync(storage.list())).map((o) => o.key)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'))

/** Runs the bundled ffmpeg; throws with its stderr on failure. */
async function ffmpeg(args: string[]) {
  const proc = Bun.spawn([ffmpegInstaller.path, '-hide_banner', '-v', 'error', ...args], { stderr: 'pipe' })
  if ((await proc.exited) !== 0) throw new Error(await new Response(proc.stderr).text())
}

describe('images', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)
  let original: Buffer
  let item: Media
  let gif: Media

  beforeAll(async () => {
    original = await phonePhoto()
    const meta = await sharp(original).metadata()
    // The test photo really carries what a phone writes.
    expect([meta.width, meta.height, meta.orientation, contains(original, 'AcmePhone'), contains(original, 'Ann Uploader')]).toEqual([
      1200,
      900,
      6,
      true,
      true,
    ])
    const r = await makeMedia(t.app, await makeVisitor(t.app), 'phone.jpg', { bytes: new Blob([new Uint8Array(original)]) })
    expect(r.status).toBe(201)
    item = r.json.media
    gif = (await makeMedia(t.app, await makeVisitor(t.app), 'mountain-sunset-animated.gif')).json.media
  })

  it('answers the displayed width and height (orientation applied), a placeholder and variants', () => {
    expect([item.width, item.height]).toEqual([900, 1200])
    expect(item.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(item.posterUrl).toBeNull()
  })

  it('serves no GPS, Make or Artist in any URL of the item, every one upright', async () => {
    const urls = servedUrls(item)
    expect(urls.length).toBe(5)
    for (const url of urls) {
      const bytes = await fetchBytes(t, url)
      const meta = await sharp(bytes).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(meta.orientation ?? 1).toBe(1)
      expect(meta.height! / meta.width!).toBeCloseTo(1200 / 900, 1)
      for (const tag of ['AcmePhone', 'Ann Uploader', 'GPS']) expect(contains(bytes, tag)).toBe(false)
    }
  })

  it('keeps the original bytes nowhere a visitor can reach: no object in the bucket is the original or carries its tags', async () => {
    for (const key of await bucketObjects(t.deps.storage)) {
      const bytes = await fetchBytes(t, `/api/media/file/${key}`)
      expect(sha256(bytes)).not.toBe(sha256(original))
      expect(contains(bytes, 'AcmePhone')).toBe(false)
    }
  })

  it('makes WebP variants at the promised widths up to the source width, never wider', async () => {
    expect(item.variants.map((v) => v.width)).toEqual([320, 480, 640, 900])
    for (const v of item.variants) {
      const meta = await sharp(await fetchBytes(t, v.url)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', v.width, v.height])
      expect(v.width).toBeLessThanOrEqual(item.width)
    }
  })

  it('keeps the duplicate check on the original bytes', async () => {
    const again = await makeMedia(t.app, await makeVisitor(t.app), 'again.jpg', { bytes: new Blob([new Uint8Array(original)]) })
    expect(again.status).toBe(409)
  })

  it('gives a 300-px source no upscaled variant', async () => {
    const small = await sharp(join(FIXTURES_DIR, 'tabby-cat.png')).resize(300).png().toBuffer()
    const r = await makeMedia(t.app, await makeVisitor(t.app), 'small.png', { bytes: new Blob([small]) })
    expect(r.json.media.variants.map((v: { width: number }) => v.width)).toEqual([300])
  })

  it('keeps an animated GIF animated in its served copy and every variant, and gives it a still WebP poster of its first frame', async () => {
    expect([gif.width, gif.height]).toEqual([480, 320])
    const source = join(FIXTURES_DIR, 'mountain-sunset-animated.gif')
    const frames = (await sharp(source, { animated: true }).metadata()).pages!
    expect(frames).toBeGreaterThan(1)
    for (const url of [gif.url, ...gif.variants.map((v) => v.url)])
      expect((await sharp(await fetchBytes(t, url), { animated: true }).metadata()).pages).toBe(frames)
    expect((await sharp(await fetchBytes(t, gif.url)).metadata()).format).toBe('gif')
    expect(gif.posterUrl).toMatch(/\/poster\.webp$/)
    const poster = await fetchBytes(t, gif.posterUrl!)
    const posterMeta = await sharp(poster, { animated: true }).metadata()
    expect([posterMeta.format, posterMeta.pages ?? 1, posterMeta.width, posterMeta.height]).toEqual(['webp', 1, 480, 320])
    // Its pixels are the first frame's: nearer to it than to the last frame.
    const pixels = (input: string | Uint8Array, page: number) =>
      sharp(input, { page }).resize(48, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer()
    const distance = (a: Buffer, b: Buffer) => a.reduce((sum, x, i) => sum + Math.abs(x - b[i]), 0)
    const [shown, first, last] = await Promise.all([pixels(poster, 0), pixels(source, 0), pixels(source, frames - 1)])
    expect(distance(shown, first)).toBeLessThan(distance(shown, last))
    expect(await t.sql.get('select frames from media where id = ?', gif.id)).toEqual({ frames })
  })

  it('gives a still image no poster: a photo, and a GIF of one frame', async () => {
    expect(item.posterUrl).toBeNull()
    const source = join(FIXTURES_DIR, 'paint-brushes.gif')
    expect((await sharp(source, { animated: true }).metadata()).pages).toBe(1)
    const still: Media = (await makeMedia(t.app, await makeVisitor(t.app), 'paint-brushes.gif')).json.media
    expect(still.posterUrl).toBeNull()
    expect(await t.sql.get('select frames from media where id = ?', still.id)).toEqual({ frames: 1 })
    expect(await t.deps.storage.head(still.url.replace('/api/media/file/', '').replace(/\.gif$/, '/poster.webp'))).toBeUndefined()
  })

  it('names the poster of an animated GIF in the upload answer, and in the queue and the random item another visitor gets', async () => {
    expect(gif.posterUrl).toMatch(/\/poster\.webp$/)
    const rater = await makeVisitor(t.app)
    const queue = await call(t.app, 'GET', paths.mediaQueue(rater.user.id, { limit: 50 }), undefined, { cookie: rater.cookie })
    expect(queue.status).toBe(200)
    expect(queue.json.find((m: Media) => m.id === gif.id)?.posterUrl).toBe(gif.posterUrl)
    expect(queue.json.find((m: Media) => m.id === item.id)?.posterUrl).toBeNull()
    // The random pick draws among the few items here: asked until it answers the GIF (each answer is one of them).
    let picked: Media | undefined
    for (let i = 0; i < 100 && picked?.id !== gif.id; i++) {
      const random = await call(t.app, 'GET', paths.mediaRandom(rater.user.id), undefined, { cookie: rater.cookie })
      expect(random.status).toBe(200)
      picked = random.json
    }
    expect(picked?.id).toBe(gif.id)
    expect(picked?.posterUrl).toBe(gif.posterUrl)
  })
})

describe('videos', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('serves a copy without location and title, with a poster of the video aspect ratio and its duration', async () => {
    const tagged = join(scratch, 'tagged.mp4')
    await ffmpeg([
      '-i',
      join(FIXTURES_DIR, 'kite-sky-portrait.mp4'),
      '-c',
      'copy',
      '-metadata',
      'title=Secret Garden Title',
      '-metadata',
      'location=+48.8584+002.2945/',
      '-f',
      'mov',
      '-brand',
      'mp42',
      '-y',
      tagged,
    ])
    // The QuickTime muxer writes the location as a ©xyz atom, as phones do; the mp42 brand makes it an MP4 upload.
    const source = await Bun.file(tagged).bytes()
    expect([contains(source, '\u00a9xyz'), contains(source, '+48.8584'), contains(source, 'Secret Garden Title')]).toEqual([
      true,
      true,
      true,
    ])
    const r = await makeMedia(t.app, await makeVisitor(t.app), 'clip.mp4', { bytes: new Blob([source]) })
    expect(r.status).toBe(201)
    const item: Media = r.json.media
    expect([item.width, item.height]).toEqual([720, 1280])
    const served = await fetchBytes(t, item.url)
    for (const text of ['\u00a9xyz', '+48.8584', 'Secret Garden Title']) expect(contains(served, text)).toBe(false)
    // A stream copy, not a re-encode: the size stays within a few kB of the source.
    expect(Math.abs(served.length - source.length)).toBeLessThan(8192)
    const poster = await sharp(await fetchBytes(t, item.posterUrl!)).metadata()
    expect(poster.format).toBe('webp')
    expect(poster.width! / poster.height!).toBeCloseTo(720 / 1280, 2)
    expect(item.placeholder).toBeTruthy()
    expect(await t.sql.get('select duration_ms as d from media where id = ?', item.id)).toEqual({ d: 7000 })
  })

  it('names its small rendition in the upload answer and the queue: an H.264 MP4 of fewer bytes, within 640 px', async () => {
    const v = await makeVisitor(t.app)
    const item: Media = (await makeMedia(t.app, v, 'forest-path-zoom.mp4')).json.media
    expect(item.smallVideo?.url).toMatch(/\/small\.mp4$/)
    expect([item.smallVideo?.width, item.smallVideo?.height]).toEqual([640, 360])
    expect(item.variants).toEqual([])
    const small = await fetchBytes(t, item.smallVideo!.url)
    expect(small.length).toBe(item.smallVideo!.size)
    expect(small.length).toBeLessThan((await fetchBytes(t, item.url)).length)
    const res = await t.app.handle(new Request(`http://localhost${item.smallVideo!.url}`))
    expect(res.headers.get('content-type')).toBe('video/mp4')
    const rater = await makeVisitor(t.app)
    const queue = await call(t.app, 'GET', paths.mediaQueue(rater.user.id, { limit: 50 }), undefined, { cookie: rater.cookie })
    expect(queue.json.find((m: Media) => m.id === item.id)?.smallVideo).toEqual(item.smallVideo)
  })

  it('records a portrait phone video (a quarter turn in its matrix) at its displayed size, as its poster shows it', async () => {
    const turned = join(scratch, 'turned.mp4')
    await ffmpeg(['-i', join(FIXTURES_DIR, 'rowing-boats-pan.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-y', turned])
    const item: Media = (await makeMedia(t.app, await makeVisitor(t.app), 'turned.mp4', { bytes: Bun.file(turned) })).json.media
    expect([item.width, item.height]).toEqual([540, 960])
    const poster = await sharp(await fetchBytes(t, item.posterUrl!)).metadata()
    expect(poster.width! / poster.height!).toBeCloseTo(540 / 960, 2)
  })
})

/** Uploads a photo, a GIF and a video, deletes them (owner, admin, bucket delete) and expects an empty bucket; counts (when given) must see no listing by the bucket delete. */
async function expectDeletesLeaveNothing(t: T, counts?: StorageCounts) {
  const v = await makeVisitor(t.app)
  const [photo, gif, video]: Media[] = await Promise.all(
    ['storm-over-highway.jpg', 'paint-brushes.gif', 'rowing-boats-pan.mp4'].map(async (f) => (await makeMedia(t.app, v, f)).json.media),
  )
  expect((await bucketObjects(t.deps.storage)).length).toBeGreaterThan(6)
  // The video's small rendition is in the bucket, and goes with its item.
  expect(await t.deps.storage.head(video.smallVideo!.url.replace('/api/media/file/', ''))).toBeDefined()
  expect((await call(t.app, 'DELETE', `/api/media/${photo.id}?userId=${v.user.id}`, undefined, { cookie: v.cookie })).status).toBe(204)
  const admin = { authorization: `Basic ${btoa('admin:test-admin-password')}` }
  expect((await call(t.app, 'DELETE', `/api/admin/media/${gif.id}`, undefined, { headers: admin })).status).toBeLessThan(300)
  const key = video.url.replace('/api/media/file/', '')
  const listsBefore = counts?.lists
  expect((await call(t.app, 'POST', paths.adminDeleteBucketFiles(), { filenames: [key] }, { headers: admin })).json.deleted).toBe(1)
  expect(counts?.lists).toBe(listsBefore)
  expect(await bucketObjects(t.deps.storage)).toEqual([])
}

describe('deleting an item leaves no object of it', () => {
  it('in the filesystem bucket', async () => {
    const t = makeTestApp()
    await expectDeletesLeaveNothing(t)
    t.cleanup()
  })

  it('in an S3 bucket (s3rver)', async () => {
    const s3 = await startS3rver('hotvote-test')
    const { storage, counts } = countingStorage(createS3Storage(s3.storageOptions))
    const t = makeTestApp({}, { storage })
    try {
      await expectDeletesLeaveNothing(t, counts)
    } finally {
      t.cleanup()
      await s3.stop()
    }
  })
})

describe('the bucket treats derived objects as part of their item', () => {
  const admin = { authorization: `Basic ${btoa('admin:test-admin-password')}` }

  it('never reports variants as duplicates, and a re-import after a reset makes items of the items only', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    for (const f of ['storm-over-highway.jpg', 'lakeside-jetty-planks.jpg', 'kite-sky-portrait.mp4'])
      expect((await makeMedia(t.app, v, f)).status).toBe(201)
    // Both photos have w320.webp, w640.webp ... beside them: names alike, yet not duplicates.
    expect((await call(t.app, 'GET', paths.adminFindDuplicates(), undefined, { headers: admin })).json).toMatchObject({
      totalFiles: 3,
      duplicateGroups: [],
    })
    await call(t.app, 'POST', paths.adminResetDatabase(), undefined, { headers: admin })
    const imported = (await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: admin })).json
    expect(imported).toMatchObject({ imported: 3, errors: 0, totalFiles: 3 })
    const rows = (await t.sql.all('select storage_key as k, variants from media ')) as { k: string; variants: string }[]
    expect(rows.map((r) => `${r.k.split('.').pop()} ${JSON.parse(r.variants).length}`).sort()).toEqual(['jpg 5', 'jpg 5', 'mp4 1'])
    t.cleanup()
  })

  it('processes an imported photo: its object is replaced by the stripped copy and gets variants', async () => {
    const t = makeTestApp()
    const original = await phonePhoto()
    await t.deps.storage.put('drop/phone.jpg', new Blob([new Uint8Array(original)]).stream(), {
      size: original.length,
      contentType: 'image/jpeg',
    })
    expect((await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: admin })).json).toMatchObject({
      imported: 1,
      errors: 0,
    })
    const stored = new Uint8Array(await new Response((await t.deps.storage.get('drop/phone.jpg'))!.body).arrayBuffer())
    expect(contains(stored, 'AcmePhone')).toBe(false)
    expect((await bucketObjects(t.deps.storage)).sort()).toEqual([
      'drop/phone.jpg',
      'drop/phone/w320.webp',
      'drop/phone/w480.webp',
      'drop/phone/w640.webp',
      'drop/phone/w900.webp',
    ])
    expect(await t.sql.get('select width, height from media')).toEqual({ width: 900, height: 1200 })
    t.cleanup()
  })
})
