/**
 * Media from the edge (MEDIA_PUBLIC_URL, docs/operations.md > Media from the edge): in S3 mode with s3rver answering
 * public GETs on its own port as the media origin, every media URL of every answer is under the public base, the
 * bytes fetched from there are the stripped copy written immutable with its type, the objects of a taken-down item
 * and of a near copy the admin hides stop being served there (the taken-down ones come back on restore), a delete
 * (also of a near copy) removes them, the purge hook hears of each change, and the bucket tools still see every item
 * under its key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { createApp } from '@server/app'
import { createS3Storage } from '@server/storage/s3-storage'
import { paths } from '@contract/paths'
import { FIRST_SCREEN_ELEMENT_ID } from '@contract/first-screen'
import { ADMIN_BASIC, call, makeTestDeps, makeVisitor } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia, takedownInput } from '../../support/builders'
import { startS3rver, type TestS3 } from '../../support/s3-server'
import { TAG_TEXTS, taggedJpeg } from '../../support/tagged-media'

const BUCKET = 'edge-media'
let s3: TestS3
let base = ''
let t: ReturnType<typeof makeTestDeps>
let app: ReturnType<typeof createApp>
/** Every body the purge hook received. */
const purges: { reason: string; urls: string[] }[] = []
const hook = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    purges.push((await request.json()) as { reason: string; urls: string[] })
    return new Response(null, { status: 204 })
  },
})

beforeAll(async () => {
  s3 = await startS3rver(BUCKET)
  base = `${s3.endpoint}/${BUCKET}/`
  const env = { ...s3.env, MEDIA_PUBLIC_URL: base, MEDIA_PURGE_URL: `http://127.0.0.1:${hook.port}/purge` }
  t = makeTestDeps(env, {})
  t.deps.storage = createS3Storage({ ...s3.storageOptions, publicMedia: true })
  const dist = join(t.dir, 'dist')
  mkdirSync(join(dist, '.vite'), { recursive: true })
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>HotVote</title></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}')
  app = createApp(t.deps, dist)
})
afterAll(async () => {
  t.cleanup()
  await s3.stop()
  hook.stop(true)
})

/** Every string in value that names a media file: an /api/media/file/ path or a URL under the public base. */
function mediaUrlsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.includes('/api/media/file/') || value.startsWith(base) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(mediaUrlsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(mediaUrlsIn)
  return []
}
/** A public GET from the media origin, as a phone or CDN makes it: no credentials. */
const fetchPublic = (url: string) => fetch(url)
/** The Cache-Control every object is written with when the public fetches it from the bucket. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The status, Content-Type and Cache-Control of a public GET of url. */
async function publicHeaders(url: string) {
  const answer = await fetchPublic(url)
  await answer.body?.cancel()
  return { status: answer.status, type: answer.headers.get('content-type'), caching: answer.headers.get('cache-control') }
}

describe('MEDIA_PUBLIC_URL on S3', () => {
  it('names only URLs under the public base in every answer that names media, and the bytes there are the stripped copy, immutable', async () => {
    const owner = await makeVisitor(app)
    const rater = await makeVisitor(app)
    const tagged = new Blob([await taggedJpeg()])
    const upload = await makeMedia(app, owner, 'tagged.jpg', { bytes: tagged })
    expect(upload.status).toBe(201)
    await makeMedia(app, owner, 'kite-sky-portrait.mp4')
    const answers = [
      upload.json,
      (await call(app, 'GET', paths.mediaQueue(rater.user.id), undefined, { cookie: rater.cookie })).json,
      (await call(app, 'GET', paths.mediaRandom(rater.user.id), undefined, { cookie: rater.cookie })).json,
      (await call(app, 'GET', paths.userStats(owner.user.id), undefined, { cookie: owner.cookie })).json,
      (await call(app, 'GET', paths.adminMedia(), undefined, { headers: ADMIN_BASIC })).json,
    ]
    const html = await (
      await app.handle(new Request('http://localhost/', { headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' } }))
    ).text()
    const data = JSON.parse(html.match(new RegExp(`id="${FIRST_SCREEN_ELEMENT_ID}">([^<]*)<`))![1])
    const preload = html.match(/<link rel="preload" as="image"[^>]*>/)![0]
    const urls = [...answers.flatMap(mediaUrlsIn), ...mediaUrlsIn(data), ...mediaUrlsIn(preload.match(/https?:[^" ,]+/g))]
    expect(urls.length).toBeGreaterThan(10)
    expect(urls.filter((u) => !u.startsWith(base))).toEqual([])
    // A poster and a variant of the video and of the photo are among them.
    expect(answers[1].some((m: { posterUrl: string | null }) => m.posterUrl?.startsWith(base))).toBe(true)

    const media = upload.json.media as { url: string; variants: { url: string }[] }
    const original = await fetchPublic(media.url)
    expect(original.status).toBe(200)
    expect(original.headers.get('content-type')).toBe('image/jpeg')
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const text = new TextDecoder('latin1').decode(await original.arrayBuffer())
    expect(Object.values(TAG_TEXTS).filter((tag) => text.includes(tag))).toEqual([])
    expect(text.includes('GPS')).toBe(false)
    for (const { url } of media.variants) expect(await publicHeaders(url)).toEqual({ status: 200, type: 'image/webp', caching: IMMUTABLE })
    const video = answers[1].find((m: { mimeType: string }) => m.mimeType === 'video/mp4') as { url: string; posterUrl: string }
    expect(await publicHeaders(video.url)).toEqual({ status: 200, type: 'video/mp4', caching: IMMUTABLE })
    expect(await publicHeaders(video.posterUrl)).toEqual({ status: 200, type: 'image/webp', caching: IMMUTABLE })
    // The site tells the client the media base, and the page's CSP lets it load from there.
    const settings = await call(app, 'GET', paths.siteSettings())
    expect(settings.json.mediaBaseUrl).toBe(base)
    const csp = (await app.handle(new Request('http://localhost/'))).headers.get('content-security-policy')!
    for (const directive of ['img-src', 'media-src', 'connect-src'])
      expect(csp.split('; ').find((d) => d.startsWith(directive))).toContain(s3.endpoint)
  })

  it('stops serving a taken-down item from the public base, purging its URLs, and serves it again on restore', async () => {
    const owner = await makeVisitor(app)
    const { id, url, variants } = (await makeMedia(app, owner, 'storm-over-highway.jpg')).json.media as {
      id: number
      url: string
      variants: { url: string }[]
    }
    const key = decodeURIComponent(new URL(url).pathname.slice(`/${BUCKET}/`.length))
    const published = [url, ...variants.map((v) => v.url)]
    for (const u of published) expect((await fetchPublic(u)).status).toBe(200)
    const takedownId = (await call(app, 'POST', paths.dmcaTakedown(), takedownInput(id))).json.id
    const setStatus = (status: string) =>
      call(app, 'PATCH', `/api/admin/dmca-takedowns/${takedownId}`, { status, adminNotes: '' }, { headers: ADMIN_BASIC })

    purges.length = 0
    expect((await setStatus('resolved')).status).toBe(200)
    for (const u of published) expect([403, 404]).toContain((await fetchPublic(u)).status)
    expect(purges).toEqual([{ reason: 'hidden', urls: published }])
    // The admin still sees it, through the app (admin token only); the bucket tools still list it under its key.
    const listed = (await call(app, 'GET', paths.adminMedia(), undefined, { headers: ADMIN_BASIC })).json.find(
      (m: { id: number }) => m.id === id,
    )
    expect(listed.url).toBe(`/api/media/file/${key}`)
    const files = (await call(app, 'GET', paths.adminBucketFiles(), undefined, { headers: ADMIN_BASIC })).json.files
    expect(files.find((f: { key: string }) => f.key === key)).toMatchObject({ derivedCount: variants.length })

    purges.length = 0
    expect((await setStatus('pending')).status).toBe(200)
    for (const u of published) expect((await fetchPublic(u)).status).toBe(200)
    expect((await fetchPublic(url)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(purges).toEqual([{ reason: 'shown', urls: published }])
  })

  it("removes a deleted item's bytes from the bucket and purges its URLs", async () => {
    const owner = await makeVisitor(app)
    const { id, url, variants } = (await makeMedia(app, owner, 'forest-stream-cascade.jpg')).json.media as {
      id: number
      url: string
      variants: { url: string }[]
    }
    purges.length = 0
    expect((await call(app, 'DELETE', paths.mediaDelete(id, owner.user.id), undefined, { cookie: owner.cookie })).status).toBe(204)
    for (const u of [url, ...variants.map((v) => v.url)]) expect((await fetchPublic(u)).status).toBe(404)
    expect(purges).toEqual([{ reason: 'deleted', urls: [url, ...variants.map((v) => v.url)] }])
  })

  it('stops serving a near copy the admin hides from the public base and purges the URLs of one the admin deletes', async () => {
    const owner = await makeVisitor(app)
    const cat = join(FIXTURES_DIR, 'tabby-cat.png')
    const upload = async (name: string, bytes?: Blob) =>
      (await makeMedia(app, owner, name, { bytes })).json.media as { id: number; url: string; variants: { url: string }[] }
    const original = await upload('tabby-cat.png')
    const hidden = await upload('cat-small.jpg', new Blob([new Uint8Array(await sharp(cat).resize(226).jpeg({ quality: 60 }).toBuffer())]))
    const deleted = await upload('cat-grey.png', new Blob([new Uint8Array(await sharp(cat).greyscale().png().toBuffer())]))
    const published = (m: { url: string; variants: { url: string }[] }) => [m.url, ...m.variants.map((v) => v.url)]
    for (const u of [...published(hidden), ...published(deleted)]) expect((await fetchPublic(u)).status).toBe(200)
    const resolve = (ids: number[], action: string) =>
      call(app, 'POST', paths.adminResolveNearDuplicates(), { keepId: original.id, ids, action }, { headers: ADMIN_BASIC })
    purges.length = 0
    expect((await resolve([hidden.id], 'hide')).status).toBe(200)
    for (const u of published(hidden)) expect([403, 404]).toContain((await fetchPublic(u)).status)
    expect(purges).toEqual([{ reason: 'hidden', urls: published(hidden) }])
    purges.length = 0
    expect((await resolve([deleted.id], 'delete')).status).toBe(200)
    for (const u of published(deleted)) expect((await fetchPublic(u)).status).toBe(404)
    expect(purges).toEqual([{ reason: 'deleted', urls: published(deleted) }])
    for (const u of published(original)) expect((await fetchPublic(u)).status).toBe(200)
  })

  it('reprocessing (hotvote media reprocess calls this route) writes every object with the same caching and type, under new URLs', async () => {
    const owner = await makeVisitor(app)
    const { id, url } = (await makeMedia(app, owner, 'colorful-cups.png')).json.media as { id: number; url: string }
    await t.sql.run('update media set processed_at = null where id = ?', id)
    t.clock.advance(60_000)
    expect((await call(app, 'POST', paths.adminReprocess(), { afterId: id - 1 }, { headers: ADMIN_BASIC })).status).toBe(200)
    const now = (await call(app, 'GET', paths.adminMedia(), undefined, { headers: ADMIN_BASIC })).json.find(
      (m: { id: number }) => m.id === id,
    ) as { url: string; variants: { url: string }[] }
    expect(now.url).not.toBe(url)
    expect(now.url.startsWith(base)).toBe(true)
    expect(await publicHeaders(now.url)).toEqual({ status: 200, type: 'image/png', caching: IMMUTABLE })
    expect(now.variants.length).toBeGreaterThan(0)
    for (const v of now.variants) expect(await publicHeaders(v.url)).toEqual({ status: 200, type: 'image/webp', caching: IMMUTABLE })
  })
})
