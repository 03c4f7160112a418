import { afterAll, describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia, uploadForm } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

/** Object keys in the filesystem bucket. */
const bucketKeys = async () => {
  const keys: string[] = []
  for await (const o of t.deps.storage.list()) keys.push(o.key)
  return keys
}
const mediaRows = async () => ((await t.sql.get('select count(*) as n from media')) as { n: number }).n
const jpegHeader = async () => (await Bun.file(join(FIXTURES_DIR, 'storm-over-highway.jpg')).bytes()).subarray(0, 4096)

describe('POST /api/media/upload', () => {
  it('stores a photo with its type from magic bytes, size and dimensions', async () => {
    const a = await makeVisitor(t.app)
    const r = await makeMedia(t.app, a, 'tabby-cat.png')
    expect(r.status).toBe(201)
    expect(r.json).toMatchObject({
      message: 'Upload successful',
      media: { mimeType: 'image/png', originalName: 'tabby-cat.png', size: 218952, width: 451, height: 300 },
    })
    expect(r.json.media.url).toMatch(/^\/api\/media\/file\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/)
    expect(await bucketKeys()).toContain(r.json.media.url.replace('/api/media/file/', ''))
  })

  it('stores a video and reads its dimensions from the MP4', async () => {
    const a = await makeVisitor(t.app)
    const r = await makeMedia(t.app, a, 'forest-path-zoom.mp4')
    expect(r.status).toBe(201)
    expect(r.json.media).toMatchObject({ mimeType: 'video/mp4', size: 2300615, width: 1280, height: 720 })
  })

  it('accepts every fixture type (jpeg, png, gif, webp, mp4)', async () => {
    const a = await makeVisitor(t.app)
    for (const name of ['lakeside-jetty-planks.jpg', 'paint-brushes.gif', 'yellow-daisy.webp'])
      expect((await makeMedia(t.app, a, name)).status).toBe(201)
  })

  it('refuses a text file named .jpg with 415', async () => {
    const a = await makeVisitor(t.app)
    const r = await makeMedia(t.app, a, 'notes.jpg', { bytes: new Blob(['just some text, not a photo'.repeat(20)]) })
    expect(r).toMatchObject({ status: 415, json: { error: 'The file content is not a valid image/jpeg file' } })
  })

  it('refuses a JPEG named .png with 415', async () => {
    const a = await makeVisitor(t.app)
    const r = await makeMedia(t.app, a, 'photo.png', { bytes: Bun.file(join(FIXTURES_DIR, 'storm-over-highway.jpg')) })
    expect(r).toMatchObject({ status: 415, json: { error: 'The file content is image/jpeg but its name ends in .png' } })
  })

  it('refuses an unsupported extension with 415 before reading the file', async () => {
    const a = await makeVisitor(t.app)
    const r = await makeMedia(t.app, a, 'clip.mov', { bytes: new Blob(['x']) })
    expect(r).toMatchObject({ status: 415, json: { error: 'Only JPEG, PNG, GIF, WebP images and MP4 videos are accepted' } })
  })

  it('refuses an 11 MB image with 413 and keeps nothing', async () => {
    const a = await makeVisitor(t.app)
    const before = await bucketKeys()
    const big = new Blob([await jpegHeader(), new Uint8Array(11 * 1024 * 1024)])
    const r = await makeMedia(t.app, a, 'huge.jpg', { bytes: big })
    expect(r).toMatchObject({ status: 413, json: { error: 'Image files must be under 10MB' } })
    expect(await bucketKeys()).toEqual(before)
    expect(readdirSync(t.deps.tmpDir)).toEqual([])
  })

  it('refuses a 21 MB video with 413', async () => {
    const a = await makeVisitor(t.app)
    const head = (await Bun.file(join(FIXTURES_DIR, 'kite-sky-portrait.mp4')).bytes()).subarray(0, 4096)
    const r = await makeMedia(t.app, a, 'long.mp4', { bytes: new Blob([head, new Uint8Array(21 * 1024 * 1024)]) })
    expect(r).toMatchObject({ status: 413, json: { error: 'Video files must be under 20MB' } })
  })

  it('refuses the same file twice with 409', async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect((await makeMedia(t.app, a, 'wooden-plank-closeup.jpg')).status).toBe(201)
    const rows = await mediaRows()
    expect(await makeMedia(t.app, b, 'wooden-plank-closeup.jpg')).toMatchObject({
      status: 409,
      json: { error: 'This file has already been uploaded' },
    })
    expect(await mediaRows()).toBe(rows)
  })

  it('answers an Idempotency-Key replay with the first answer and stores once', async () => {
    const a = await makeVisitor(t.app)
    const first = await makeMedia(t.app, a, 'fig-in-red-bowl-square.jpg', { idempotencyKey: 'outbox-item-1' })
    const keys = await bucketKeys()
    const rows = await mediaRows()
    const replay = await makeMedia(t.app, a, 'fig-in-red-bowl-square.jpg', { idempotencyKey: 'outbox-item-1' })
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.json).toEqual(first.json)
    expect(await bucketKeys()).toEqual(keys)
    expect(await mediaRows()).toBe(rows)
  })

  it('answers concurrent replays of one Idempotency-Key once', async () => {
    const a = await makeVisitor(t.app)
    const [x, y] = await Promise.all([0, 1].map(() => makeMedia(t.app, a, 'nuthatch-on-tree-portrait.jpg', { idempotencyKey: 'same-key' })))
    expect([x.status, y.status]).toEqual([201, 201])
    expect(y.json.media.id).toBe(x.json.media.id)
  })

  it("answers 403 for someone else's userId and 401 without a session", async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    const other = await call(t.app, 'POST', paths.mediaUpload(), undefined, {
      cookie: a.cookie,
      raw: uploadForm(b.user.id, 'colorful-cups.png'),
    })
    expect(other).toMatchObject({ status: 403, json: { error: 'That user id is not yours' } })
    const none = await call(t.app, 'POST', paths.mediaUpload(), undefined, { raw: uploadForm(a.user.id, 'colorful-cups.png') })
    expect(none.status).toBe(401)
  })

  it('answers 400 for a missing file, a bad userId and a body that is not multipart', async () => {
    const a = await makeVisitor(t.app)
    const noFile = new FormData()
    noFile.append('userId', String(a.user.id))
    expect(await call(t.app, 'POST', paths.mediaUpload(), undefined, { cookie: a.cookie, raw: noFile })).toMatchObject({
      status: 400,
      json: { error: 'No file field in the upload' },
    })
    expect(
      await call(t.app, 'POST', paths.mediaUpload(), undefined, { cookie: a.cookie, raw: uploadForm('abc', 'red-marigold.webp') }),
    ).toMatchObject({ status: 400, json: { error: 'userId must be an integer from 1 to 2147483647' } })
    const json = await call(t.app, 'POST', paths.mediaUpload(), { userId: a.user.id }, { cookie: a.cookie })
    expect(json.status).toBe(400)
  })
})
