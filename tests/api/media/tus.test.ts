/**
 * Resumable uploads (tus 1.0 on /api/media/tus, docs/uploads.md): a video cut part-way resumes at the server's offset
 * and ends as one media item with its poster; a resume on another instance (one database, and one S3 bucket or a shared
 * DATA_DIR) continues;
 * every limit of POST /api/media/upload is refused at creation; another visitor's upload answers 404; termination and
 * the expiry cleanup remove the bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, watch } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { IMAGE_TOO_LARGE, MB, VIDEO_TOO_LARGE } from '@contract/media'
import { createVisitorResumableUploads } from '@server/features/media/media-tus.service'
import { createUploadLimits } from '@server/features/media/upload-limits.service'
import { ADMIN_BASIC, call, makeSecondInstance, makeTestApp, makeTestDeps, makeVisitor } from '../../support/test-app'
import { createApp } from '@server/app'
import { createS3Storage } from '@server/storage/s3-storage'
import { addMultipartParts } from '../../support/s3rver-multipart'
import { startS3rver, type TestS3 } from '../../support/s3-server'
import { FIXTURES_DIR } from '../../support/builders'
import { createTusUpload, cutBody, paddedVideo, tusCall, tusMetadata } from '../../support/tus'
import { heldPuts } from '../../support/held-storage'

const t = makeTestApp()
afterAll(t.cleanup)

/** Every file under dir (recursive), as paths relative to it. */
const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
  } catch {
    return []
  }
}
const chunkDir = (dir: string) => join(dir, 'resumable-uploads')
const mediaCount = async (sql = t.sql) => ((await sql.get('select count(*) as n from media')) as { n: number }).n
const offsetOf = async (app: typeof t.app, path: string, cookie: string) =>
  Number((await tusCall(app, 'HEAD', path, { cookie })).headers.get('upload-offset'))

describe('discovery (OPTIONS)', () => {
  const capabilities = (headers: Headers) => ({
    resumable: headers.get('tus-resumable'),
    version: headers.get('tus-version'),
    extensions: headers.get('tus-extension')?.split(','),
    maxSize: headers.get('tus-max-size'),
    checksums: headers.get('tus-checksum-algorithm'),
    cors: headers.get('access-control-allow-origin'),
  })
  const expected = {
    resumable: '1.0.0',
    version: '1.0.0',
    extensions: ['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum'],
    maxSize: String(20 * MB),
    checksums: 'sha1,sha256,md5',
    cors: null,
  }

  it('answers 204 with the tus capabilities on /api/media/tus, without a session or Tus-Resumable, and no CORS headers', async () => {
    const r = await tusCall(t.app, 'OPTIONS', paths.mediaTus(), {
      headers: { 'tus-resumable': '', 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
    })
    expect(r.status).toBe(204)
    expect(capabilities(r.headers)).toEqual(expected)
  })

  it('answers the same on the admin’s /api/admin/bucket-upload/tus, behind the admin credentials (401 without)', async () => {
    expect((await tusCall(t.app, 'OPTIONS', paths.adminBucketTus())).status).toBe(401)
    const r = await tusCall(t.app, 'OPTIONS', paths.adminBucketTus(), { headers: ADMIN_BASIC })
    expect(r.status).toBe(204)
    expect(capabilities(r.headers)).toEqual(expected)
  })
})

describe('a video cut part-way resumes', () => {
  it('resumes a 12 MB video at the offset HEAD answers and ends as one media item with its poster; the chunks are gone', async () => {
    const a = await makeVisitor(t.app)
    const video = await paddedVideo(12 * MB)
    const created = await createTusUpload(t.app, a, 'holiday.mp4', video.length)
    expect(created.status).toBe(201)
    expect(created.path).toMatch(/^\/api\/media\/tus\/[0-9a-f]{32}$/)
    const before = await mediaCount()

    const cut = await tusCall(t.app, 'PATCH', created.path, {
      cookie: a.cookie,
      headers: { 'upload-offset': '0' },
      body: cutBody(video, 5 * MB),
    })
    expect(cut.status).toBe(400)
    const offset = await offsetOf(t.app, created.path, a.cookie)
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThanOrEqual(5 * MB)

    const done = await tusCall(t.app, 'PATCH', created.path, {
      cookie: a.cookie,
      headers: { 'upload-offset': String(offset) },
      body: video.slice(offset),
    })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({
      message: 'Upload successful',
      media: { mimeType: 'video/mp4', originalName: 'holiday.mp4', size: 12 * MB, width: 720, height: 1280 },
    })
    expect(done.json.media.posterUrl).toMatch(/poster\.webp$/)
    expect(await mediaCount()).toBe(before + 1)
    const poster = await t.deps.storage.head(done.json.media.posterUrl.replace('/api/media/file/', ''))
    expect(poster?.size).toBeGreaterThan(0)

    const result = await tusCall(t.app, 'GET', paths.mediaTusResult(created.path.split('/').pop()!), { cookie: a.cookie })
    expect(result).toMatchObject({ status: 200, json: done.json })
    // A repeated last PATCH gets the same answer and stores nothing more.
    const again = await tusCall(t.app, 'PATCH', created.path, {
      cookie: a.cookie,
      headers: { 'upload-offset': String(12 * MB) },
      body: new Uint8Array(0),
    })
    expect(again).toMatchObject({ status: 200, json: done.json })
    expect(await mediaCount()).toBe(before + 1)
    expect(filesUnder(chunkDir(t.dir))).toEqual([])
  })

  it('keeps the chunks in a folder only the server may open', async () => {
    const a = await makeVisitor(t.app)
    await createTusUpload(t.app, a, 'a.mp4', 1000)
    expect(statSync(chunkDir(t.dir)).mode & 0o777).toBe(0o700)
  })

  it('stores a small photo sent whole with the creation (201, Location and the answer)', async () => {
    const a = await makeVisitor(t.app)
    const bytes = await Bun.file(join(FIXTURES_DIR, 'yellow-daisy.webp')).bytes()
    const r = await createTusUpload(t.app, a, 'daisy.webp', bytes.length, { body: bytes })
    expect(r.status).toBe(201)
    expect(r.path).toMatch(/^\/api\/media\/tus\/[0-9a-f]{32}$/)
    expect(r.json).toMatchObject({ message: 'Upload successful', media: { mimeType: 'image/webp', width: 1200, height: 750 } })
    expect(r.json.media.variants.length).toBeGreaterThan(0)
    // The same file again is a duplicate, answered 409 like POST /api/media/upload, and the answer is kept.
    const b = await createTusUpload(t.app, a, 'daisy.webp', bytes.length)
    const dup = await tusCall(t.app, 'PATCH', b.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: bytes })
    expect(dup).toMatchObject({ status: 409, json: { error: 'This file has already been uploaded' } })
    expect(await tusCall(t.app, 'GET', `${b.path}/result`, { cookie: a.cookie })).toMatchObject({
      status: 409,
      json: { error: 'This file has already been uploaded' },
    })
  })

  it('refuses first bytes that are not the named type with 415 before storing them, and keeps that answer', async () => {
    const a = await makeVisitor(t.app)
    const text = new TextEncoder().encode('not a photo at all '.repeat(400))
    const c = await createTusUpload(t.app, a, 'fake.jpg', text.length)
    const r = await tusCall(t.app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: text })
    expect(r).toMatchObject({ status: 415, json: { error: 'The file content is not a valid image/jpeg file' } })
    expect(filesUnder(chunkDir(t.dir)).filter((f) => f.includes(c.path.split('/').pop()!) && statSync(f).size > 0)).toEqual([])
    expect((await tusCall(t.app, 'GET', `${c.path}/result`, { cookie: a.cookie })).status).toBe(415)
  })

  it('answers 409 for the result while bytes are missing', async () => {
    const a = await makeVisitor(t.app)
    const c = await createTusUpload(t.app, a, 'a.mp4', 5000)
    expect((await tusCall(t.app, 'GET', `${c.path}/result`, { cookie: a.cookie })).status).toBe(409)
  })
})

describe('checksums (tus checksum extension)', () => {
  it('stores a PATCH whose Upload-Checksum matches, and refuses one that differs (460) or names an unknown algorithm (400) without storing a byte', async () => {
    const a = await makeVisitor(t.app)
    const video = await paddedVideo(600_000)
    const c = await createTusUpload(t.app, a, 'sum.mp4', video.length)
    const first = video.slice(0, 200_000)
    const digest = (algorithm: 'sha256' | 'sha1', bytes: Uint8Array) => new Bun.CryptoHasher(algorithm).update(bytes).digest('base64')
    const wrong = await tusCall(t.app, 'PATCH', c.path, {
      cookie: a.cookie,
      headers: { 'upload-offset': '0', 'upload-checksum': `sha256 ${digest('sha256', video.slice(1, 200_001))}` },
      body: first,
    })
    expect(wrong).toMatchObject({ status: 460, json: { error: expect.stringContaining('Checksum mismatch') } })
    expect(await offsetOf(t.app, c.path, a.cookie)).toBe(0)
    expect(
      (
        await tusCall(t.app, 'PATCH', c.path, {
          cookie: a.cookie,
          headers: { 'upload-offset': '0', 'upload-checksum': 'crc32 AAAA' },
          body: first,
        })
      ).status,
    ).toBe(400)
    const right = await tusCall(t.app, 'PATCH', c.path, {
      cookie: a.cookie,
      headers: { 'upload-offset': '0', 'upload-checksum': `sha1 ${digest('sha1', first)}` },
      body: first,
    })
    expect(right.status).toBe(204)
    expect(await offsetOf(t.app, c.path, a.cookie)).toBe(200_000)
    const rest = video.slice(200_000)
    const done = await tusCall(t.app, 'PATCH', c.path, {
      cookie: a.cookie,
      headers: { 'upload-offset': '200000', 'upload-checksum': `sha256 ${digest('sha256', rest)}` },
      body: rest,
    })
    expect(done).toMatchObject({ status: 200, json: { media: { size: 600_000 } } })
    expect(filesUnder(join(t.dir, 'tmp')).filter((f) => f.includes('checksum-'))).toEqual([])
  })

  it('verifies the body of a creation too: a mismatch answers 460 and leaves no upload', async () => {
    const a = await makeVisitor(t.app)
    const bytes = await Bun.file(join(FIXTURES_DIR, 'red-marigold.webp')).bytes()
    const sum = new Bun.CryptoHasher('md5').update(bytes.slice(1)).digest('base64')
    expect(
      (await createTusUpload(t.app, a, 'marigold.webp', bytes.length, { body: bytes, headers: { 'upload-checksum': `md5 ${sum}` } }))
        .status,
    ).toBe(460)
    expect((await t.sql.get('select count(*) as n from resumable_uploads where user_id = ?', a.user.id)).n).toBe(0)
    const good = new Bun.CryptoHasher('md5').update(bytes).digest('base64')
    expect(
      await createTusUpload(t.app, a, 'marigold.webp', bytes.length, { body: bytes, headers: { 'upload-checksum': `md5 ${good}` } }),
    ).toMatchObject({ status: 201, json: { media: { mimeType: 'image/webp' } } })
  })
})

describe('limits at creation', () => {
  const create = (
    visitor: Awaited<ReturnType<typeof makeVisitor>>,
    name: string,
    size: number,
    app = t.app,
    headers: Record<string, string> = {},
  ) =>
    tusCall(app, 'POST', paths.mediaTus(), {
      cookie: visitor.cookie,
      headers: {
        'upload-length': String(size),
        'upload-metadata': tusMetadata({ filename: name, filetype: 'x', userId: visitor.user.id }),
        ...headers,
      },
    })

  it('refuses an image over 10 MB and a video over 20 MB with 413 and the upload route’s messages', async () => {
    const a = await makeVisitor(t.app)
    expect(await create(a, 'big.jpg', 10 * MB + 1)).toMatchObject({
      status: 413,
      json: { error: IMAGE_TOO_LARGE, message: IMAGE_TOO_LARGE },
    })
    expect(await create(a, 'big.mp4', 20 * MB + 1)).toMatchObject({ status: 413, json: { error: VIDEO_TOO_LARGE } })
    expect((await create(a, 'ok.mp4', 20 * MB)).status).toBe(201)
  })

  it('refuses an unaccepted type (415), someone else’s userId (403), no session (401), a cross-site request (403)', async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect((await create(a, 'clip.mov', 100)).status).toBe(415)
    expect(
      await tusCall(t.app, 'POST', paths.mediaTus(), {
        cookie: a.cookie,
        headers: { 'upload-length': '100', 'upload-metadata': tusMetadata({ filename: 'a.jpg', userId: b.user.id }) },
      }),
    ).toMatchObject({ status: 403 })
    expect(
      (
        await tusCall(t.app, 'POST', paths.mediaTus(), {
          headers: { 'upload-length': '100', 'upload-metadata': tusMetadata({ filename: 'a.jpg', userId: a.user.id }) },
        })
      ).status,
    ).toBe(401)
    expect(await create(a, 'a.jpg', 100, t.app, { 'sec-fetch-site': 'cross-site' })).toMatchObject({
      status: 403,
      json: { error: 'Cross-site request refused' },
    })
    expect((await create(a, 'a.jpg', 100, t.app, { 'tus-resumable': '0.2.2' })).status).toBe(412)
    expect((await t.sql.get('select count(*) as n from resumable_uploads where user_id = ?', a.user.id)).n).toBe(0)
  })

  it('counts the hourly upload limit and holds the quota from creation', async () => {
    const limited = makeTestApp({ UPLOADS_PER_VISITOR_PER_HOUR: '2', UPLOAD_QUOTA_MB: '3' })
    try {
      const a = await makeVisitor(limited.app)
      expect((await create(a, 'a.mp4', 2 * MB, limited.app)).status).toBe(201)
      // The first upload holds 2 MB of the 3 MB quota until it ends.
      expect(await create(a, 'b.mp4', 2 * MB, limited.app)).toMatchObject({
        status: 413,
        json: { error: 'This upload would exceed your storage limit of 3 MB. Delete some of your uploads to make room.' },
      })
      expect((await create(a, 'c.mp4', 100, limited.app)).status).toBe(429)
    } finally {
      limited.cleanup()
    }
  })
})

describe('another visitor', () => {
  it('gets 404 for HEAD, PATCH, DELETE and the result of someone else’s upload, which stays whole', async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    const c = await createTusUpload(t.app, a, 'mine.mp4', 1000)
    const bytes = new Uint8Array(10)
    expect((await tusCall(t.app, 'HEAD', c.path, { cookie: b.cookie })).status).toBe(404)
    expect((await tusCall(t.app, 'PATCH', c.path, { cookie: b.cookie, headers: { 'upload-offset': '0' }, body: bytes })).status).toBe(404)
    expect((await tusCall(t.app, 'DELETE', c.path, { cookie: b.cookie })).status).toBe(404)
    expect((await tusCall(t.app, 'GET', `${c.path}/result`, { cookie: b.cookie })).status).toBe(404)
    expect((await tusCall(t.app, 'HEAD', c.path, { cookie: a.cookie })).headers.get('upload-offset')).toBe('0')
  })
})

describe('termination and expiry', () => {
  it('DELETE removes the bytes (204) and the upload is gone', async () => {
    const a = await makeVisitor(t.app)
    const video = await paddedVideo(600_000)
    const c = await createTusUpload(t.app, a, 'gone.mp4', video.length)
    await tusCall(t.app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: video.slice(0, 300_000) })
    const id = c.path.split('/').pop()!
    expect(filesUnder(chunkDir(t.dir)).some((f) => f.endsWith(id))).toBe(true)
    expect((await tusCall(t.app, 'DELETE', c.path, { cookie: a.cookie })).status).toBe(204)
    expect(filesUnder(chunkDir(t.dir)).filter((f) => f.includes(id))).toEqual([])
    expect((await tusCall(t.app, 'HEAD', c.path, { cookie: a.cookie })).status).toBe(404)
  })

  it('DELETE while the last bytes are processed answers 204; the upload ends when the pipeline does, leaving no media item, bytes or hold', async () => {
    const h = makeTestDeps()
    const held = heldPuts(h.deps.storage)
    const app = createApp({ ...h.deps, storage: held.storage }, join(h.dir, 'no-client'))
    try {
      const a = await makeVisitor(app)
      const bytes = await Bun.file(join(FIXTURES_DIR, 'yellow-daisy.webp')).bytes()
      const c = await createTusUpload(app, a, 'daisy.webp', bytes.length)
      const id = c.path.split('/').pop()!
      const last = tusCall(app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: bytes })
      // The pipeline is storing the item's objects.
      await held.reached
      expect(await tusCall(app, 'DELETE', c.path, { cookie: a.cookie })).toMatchObject({ status: 204 })
      expect((await tusCall(app, 'HEAD', c.path, { cookie: a.cookie })).status).toBe(404)
      expect((await tusCall(app, 'GET', `${c.path}/result`, { cookie: a.cookie })).status).toBe(404)
      held.release()
      expect(await last).toMatchObject({ status: 404, json: { error: 'No such upload' } })
      expect(await mediaCount(h.sql)).toBe(0)
      const keys: string[] = []
      for await (const o of h.deps.storage.list()) keys.push(o.key)
      expect(keys).toEqual([])
      expect(filesUnder(chunkDir(h.dir)).filter((f) => f.includes(id))).toEqual([])
      expect((await h.sql.get('select count(*) as n from resumable_uploads')).n).toBe(0)
      expect((await h.sql.get('select count(*) as n from upload_holds')).n).toBe(0)
    } finally {
      h.cleanup()
    }
  })

  it('DELETE of an admin bucket upload while it is stored answers 204 and leaves no object under uploads/', async () => {
    const h = makeTestDeps()
    const held = heldPuts(h.deps.storage)
    const app = createApp({ ...h.deps, storage: held.storage }, join(h.dir, 'no-client'))
    try {
      const bytes = await Bun.file(join(FIXTURES_DIR, 'red-marigold.webp')).bytes()
      const c = await tusCall(app, 'POST', paths.adminBucketTus(), {
        headers: { ...ADMIN_BASIC, 'upload-length': String(bytes.length), 'upload-metadata': tusMetadata({ filename: 'm.webp' }) },
      })
      const path = c.headers.get('location')!
      const last = tusCall(app, 'PATCH', path, { headers: { ...ADMIN_BASIC, 'upload-offset': '0' }, body: bytes })
      await held.reached
      expect((await tusCall(app, 'DELETE', path, { headers: ADMIN_BASIC })).status).toBe(204)
      held.release()
      expect((await last).status).toBe(404)
      const keys: string[] = []
      for await (const o of h.deps.storage.list()) keys.push(o.key)
      expect(keys).toEqual([])
    } finally {
      h.cleanup()
    }
  })

  it('an upload past its expiry answers 410, and the cleanup removes its bytes, its row and its quota hold', async () => {
    const e = makeTestApp({ RESUMABLE_UPLOAD_EXPIRY_HOURS: '2' })
    try {
      const a = await makeVisitor(e.app)
      const video = await paddedVideo(400_000)
      const c = await createTusUpload(e.app, a, 'late.mp4', video.length)
      await tusCall(e.app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: video.slice(0, 200_000) })
      const cleanup = createVisitorResumableUploads(e.deps, createUploadLimits(e.deps))
      expect(await cleanup.cleanExpired()).toBe(0)
      e.clock.advance(2 * 3600 * 1000)
      expect((await tusCall(e.app, 'HEAD', c.path, { cookie: a.cookie })).status).toBe(410)
      expect(await cleanup.cleanExpired()).toBe(1)
      expect(filesUnder(chunkDir(e.dir))).toEqual([])
      expect((await e.sql.get('select count(*) as n from upload_holds')).n).toBe(0)
      expect((await tusCall(e.app, 'HEAD', c.path, { cookie: a.cookie })).status).toBe(404)
    } finally {
      e.cleanup()
    }
  })
})

describe('across instances', () => {
  it('resumes on a second instance (same database, shared DATA_DIR) an upload cut on the first, and ends as one media item', async () => {
    const two = makeSecondInstance(t)
    try {
      const a = await makeVisitor(t.app)
      const video = await paddedVideo(8 * MB)
      const c = await createTusUpload(t.app, a, 'far.mp4', video.length)
      await tusCall(t.app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: cutBody(video, 3 * MB) })
      const offset = await offsetOf(two.app, c.path, a.cookie)
      expect(offset).toBeGreaterThan(0)
      const before = await mediaCount()
      const done = await tusCall(two.app, 'PATCH', c.path, {
        cookie: a.cookie,
        headers: { 'upload-offset': String(offset) },
        body: video.slice(offset),
      })
      expect(done).toMatchObject({ status: 200, json: { media: { size: 8 * MB, mimeType: 'video/mp4' } } })
      expect(await mediaCount()).toBe(before + 1)
      expect(await tusCall(t.app, 'GET', `${c.path}/result`, { cookie: a.cookie })).toMatchObject({ status: 200, json: done.json })
    } finally {
      two.close()
    }
  })

  it('holds the lock in the database: a PATCH on another instance waits for it and asks its holder to let go', async () => {
    const two = makeSecondInstance(t)
    try {
      const a = await makeVisitor(t.app)
      const c = await createTusUpload(t.app, a, 'locked.mp4', 1000)
      const id = c.path.split('/').pop()!
      // A request of a stopped or hung instance holds the lock.
      await t.sql.run(
        "update resumable_uploads set lock_holder = 'elsewhere', lock_expires_at = ? where id = ?",
        '2999-01-01T00:00:00.000Z',
        id,
      )
      const waiting = tusCall(two.app, 'HEAD', c.path, { cookie: a.cookie })
      await waitFor(async () => (await t.sql.get('select release_requested as r from resumable_uploads where id = ?', id)).r === 1)
      await t.sql.run('update resumable_uploads set lock_holder = null, lock_expires_at = null where id = ?', id)
      expect((await waiting).headers.get('upload-offset')).toBe('0')
    } finally {
      two.close()
    }
  })
})

describe('on S3, across instances', () => {
  let s3: TestS3
  beforeAll(async () => {
    s3 = await startS3rver('hotvote-tus', addMultipartParts)
  })
  afterAll(() => s3?.stop())

  /** A test app on the s3rver bucket, and the bucket's keys under resumable-uploads/. */
  const s3App = () => {
    const env = s3.env
    const storage = createS3Storage(s3.storageOptions)
    const chunkKeys = async () => {
      const keys: string[] = []
      for await (const o of storage.list()) if (o.key.startsWith('resumable-uploads/')) keys.push(o.key)
      return keys
    }
    return { ...makeTestDeps(env, { storage }), storage, chunkKeys }
  }

  it('terminates an upload holding a whole part and an incomplete one: DELETE leaves no object behind', async () => {
    const one = s3App()
    const app = createApp(one.deps, join(one.dir, 'no-client'))
    try {
      const a = await makeVisitor(app)
      const video = await paddedVideo(7 * MB)
      const c = await createTusUpload(app, a, 'stop.mp4', video.length)
      await tusCall(app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: video.slice(0, 6 * MB) })
      expect(await offsetOf(app, c.path, a.cookie)).toBe(6 * MB)
      expect((await one.chunkKeys()).length).toBeGreaterThan(0)
      expect((await tusCall(app, 'DELETE', c.path, { cookie: a.cookie })).status).toBe(204)
      expect(await one.chunkKeys()).toEqual([])
    } finally {
      one.cleanup()
    }
  })

  it('keeps an unfinished upload’s objects out of the admin’s bucket list, duplicate scan and deletion', async () => {
    const one = s3App()
    const app = createApp(one.deps, join(one.dir, 'no-client'))
    try {
      const a = await makeVisitor(app)
      const video = await paddedVideo(7 * MB)
      const c = await createTusUpload(app, a, 'unfinished.mp4', video.length)
      // A piece under S3's 5 MiB part minimum: the bucket holds the upload's `.info` and `.part` objects.
      await tusCall(app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: video.slice(0, 3 * MB) })
      const staging = (await one.chunkKeys()).sort()
      expect(staging.map((k) => k.replace(/^resumable-uploads\/[0-9a-f]{32}/, ''))).toEqual(['.info', '.part'])
      const admin = (method: string, path: string, body?: unknown) => call(app, method, path, body, { headers: ADMIN_BASIC })
      const list = await admin('GET', paths.adminBucketFiles())
      expect(list).toMatchObject({ status: 200, json: { files: [] } })
      expect(list.headers.get('x-total-count')).toBe('0')
      expect((await admin('GET', paths.adminFindDuplicates())).json).toMatchObject({ totalFiles: 0, duplicateGroups: [] })
      expect((await admin('POST', paths.adminDeleteBucketFiles(), { filenames: staging })).json).toMatchObject({ deleted: 0 })
      expect((await one.chunkKeys()).sort()).toEqual(staging)
      expect(await offsetOf(app, c.path, a.cookie)).toBe(3 * MB)
      // The bucket is shared with the other tests of this block: the visitor's DELETE removes what this one left.
      expect((await tusCall(app, 'DELETE', c.path, { cookie: a.cookie })).status).toBe(204)
      expect(await one.chunkKeys()).toEqual([])
    } finally {
      one.cleanup()
    }
  })

  it('stages the parts on their way to S3 in DATA_DIR/resumable-uploads (mode 0700), never in the system temp folder', async () => {
    const one = s3App()
    const app = createApp(one.deps, join(one.dir, 'no-client'))
    const dataDir = chunkDir(one.dir)
    // The system temp folder of this test: empty, and only this process writes to it.
    const systemTmp = mkdtempSync(join(tmpdir(), 'hotvote-system-tmp-'))
    const before = process.env.TMPDIR
    process.env.TMPDIR = systemTmp
    const written = { system: [] as string[], data: [] as string[] }
    mkdirSync(dataDir, { recursive: true })
    const watchers = [
      watch(systemTmp, (_event, name) => name && written.system.push(name)),
      watch(dataDir, (_event, name) => name && written.data.push(name)),
    ]
    try {
      const a = await makeVisitor(app)
      const video = await paddedVideo(7 * MB)
      const c = await createTusUpload(app, a, 'staged.mp4', video.length)
      // A piece under S3's 5 MiB part minimum (kept as an object), then the rest: its first part is that piece read
      // back from S3 and the new bytes.
      const cutAt = 3 * MB
      await tusCall(app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: video.slice(0, cutAt) })
      expect(await offsetOf(app, c.path, a.cookie)).toBe(cutAt)
      const done = await tusCall(app, 'PATCH', c.path, {
        cookie: a.cookie,
        headers: { 'upload-offset': String(cutAt) },
        body: video.slice(cutAt),
      })
      expect(done).toMatchObject({ status: 200, json: { media: { size: 7 * MB } } })
      // The parts of both PATCHes (a splitter's files, <random>-<n>) and the last piece read back.
      await waitFor(
        async () =>
          written.data.some((n) => n.startsWith('tus-s3-incomplete-part-')) &&
          written.data.some((n) => /^[\w-]{10}-\d+$/.test(n) && !n.startsWith('tus-')),
      )
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      expect(written.system).toEqual([])
      expect(readdirSync(systemTmp)).toEqual([])
      expect(readdirSync(dataDir)).toEqual([])
    } finally {
      for (const w of watchers) w.close()
      if (before === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = before
      rmSync(systemTmp, { recursive: true, force: true })
      one.cleanup()
    }
  })

  it('resumes on a second instance an upload cut on the first, and ends as one media item; the bucket keeps no chunk', async () => {
    const one = s3App()
    const storage = one.storage
    const appOne = createApp(one.deps, join(one.dir, 'no-client'))
    const two = makeSecondInstance(one)
    try {
      const a = await makeVisitor(appOne)
      const video = await paddedVideo(12 * MB)
      const c = await createTusUpload(appOne, a, 'far.mp4', video.length)
      expect(c.status).toBe(201)
      // 5 MB arrive whole (one S3 part), then the connection breaks 1 MB into the next PATCH.
      expect(
        (await tusCall(appOne, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: video.slice(0, 5 * MB) }))
          .status,
      ).toBe(204)
      await tusCall(appOne, 'PATCH', c.path, {
        cookie: a.cookie,
        headers: { 'upload-offset': String(5 * MB) },
        body: cutBody(video.slice(5 * MB), MB),
      })
      const offset = await offsetOf(two.app, c.path, a.cookie)
      expect(offset).toBeGreaterThanOrEqual(5 * MB)
      const done = await tusCall(two.app, 'PATCH', c.path, {
        cookie: a.cookie,
        headers: { 'upload-offset': String(offset) },
        body: video.slice(offset),
      })
      expect(done).toMatchObject({ status: 200, json: { media: { size: 12 * MB, mimeType: 'video/mp4' } } })
      expect(await mediaCount(one.sql)).toBe(1)
      expect(await tusCall(appOne, 'GET', `${c.path}/result`, { cookie: a.cookie })).toMatchObject({ status: 200, json: done.json })
      const keys: string[] = []
      for await (const o of storage.list()) keys.push(o.key)
      expect(keys.filter((k) => k.startsWith('resumable-uploads/'))).toEqual([])
      expect(keys.some((k) => k.endsWith('poster.webp'))).toBe(true)
    } finally {
      two.close()
      one.cleanup()
    }
  })
})

/** Resolves once check() answers true (polled every 20 ms, at most 10 s). */
async function waitFor(check: () => Promise<boolean>) {
  for (const end = Date.now() + 10_000; Date.now() < end; await Bun.sleep(20)) if (await check()) return
  throw new Error('condition not reached')
}
