import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFsStorage } from '@server/storage/fs-storage'
import { countingStorage } from '../../support/counting-storage'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia, uploadForm } from '../../support/builders'
import { paths } from '@contract/paths'

type T = ReturnType<typeof makeTestApp>
const putFixture = async (t: T, key: string, fixture: string) => {
  const file = Bun.file(join(FIXTURES_DIR, fixture))
  await t.deps.storage.put(key, file.stream(), { size: file.size, contentType: 'application/octet-stream' })
}

describe('bucket management', () => {
  it('lists items with their derived objects counted on them, deletes selected ones with their media rows and derived objects, and refuses ../x and unknown keys', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const item = (await makeMedia(t.app, v, 'tabby-cat.png')).json.media
    const key = item.url.replace('/api/media/file/', '')
    const list = await call(t.app, 'GET', paths.adminBucketFiles(), undefined, { headers: ADMIN_BASIC })
    // tabby-cat.png is 451 px wide: variants at 320 and at its own width, listed as part of the item.
    expect(list.json).toMatchObject({ provider: 'fs', files: [{ key, derivedCount: 2 }] })
    expect(list.json.files).toHaveLength(1)
    const r = await call(
      t.app,
      'POST',
      paths.adminDeleteBucketFiles(),
      { filenames: [key, '../x', 'media/none.jpg'] },
      { headers: ADMIN_BASIC },
    )
    expect(r.json).toEqual({
      message: 'Deleted 1 of 3 files',
      deleted: 1,
      errors: ['../x: invalid key, not touched', 'media/none.jpg: not found'],
    })
    expect(await t.sql.get('select count(*) as n from media')).toEqual({ n: 0 })
    expect(await Array.fromAsync(t.deps.storage.list())).toEqual([])
    expect((await call(t.app, 'POST', paths.adminDeleteBucketFiles(), { filenames: 'all' }, { headers: ADMIN_BASIC })).status).toBe(400)
    t.cleanup()
  })

  it('deletes items with their variants and poster by key, never listing the bucket', async () => {
    const bucketDir = mkdtempSync(join(tmpdir(), 'hotvote-bucket-'))
    const { storage, counts } = countingStorage(createFsStorage(bucketDir))
    const t = makeTestApp({}, { storage })
    try {
      const v = await makeVisitor(t.app)
      // tabby-cat.png is 451 px wide: a w451 variant that only its row names; the video has a poster and a small rendition.
      const keys = await Promise.all(
        ['tabby-cat.png', 'kite-sky-portrait.mp4'].map(
          async (f) => (await makeMedia(t.app, v, f)).json.media.url.replace('/api/media/file/', '') as string,
        ),
      )
      // An object never imported, with objects beside it named as its variant, poster and small video would be.
      await putFixture(t, 'drop/cat.png', 'tabby-cat.png')
      for (const derived of ['drop/cat/w320.webp', 'drop/cat/poster.webp', 'drop/cat/small.mp4'])
        await putFixture(t, derived, 'yellow-daisy.webp')
      counts.lists = 0
      const r = await call(
        t.app,
        'POST',
        paths.adminDeleteBucketFiles(),
        { filenames: [...keys, 'drop/cat.png'] },
        { headers: ADMIN_BASIC },
      )
      expect(r.json).toEqual({ message: 'Deleted 3 of 3 files', deleted: 3, errors: [] })
      expect(counts.lists).toBe(0)
      expect(await Array.fromAsync(storage.list())).toEqual([])
      expect(await t.sql.get('select count(*) as n from media')).toEqual({ n: 0 })
    } finally {
      t.cleanup()
      rmSync(bucketDir, { recursive: true, force: true })
    }
  })

  it('finds identical copies, equal sizes and similar names', async () => {
    const t = makeTestApp()
    await putFixture(t, 'media/a/cat.png', 'tabby-cat.png')
    await putFixture(t, 'media/b/cat (1).png', 'tabby-cat.png')
    await putFixture(t, 'media/c/daisy.webp', 'yellow-daisy.webp')
    const r = (await call(t.app, 'GET', paths.adminFindDuplicates(), undefined, { headers: ADMIN_BASIC })).json
    expect(r).toMatchObject({ success: true, provider: 'fs', totalFiles: 3, totalDuplicateFiles: 2, potentialDeletions: 1 })
    expect(r.duplicateGroups.map((g: { type: string }) => g.type).sort()).toEqual(['hash', 'name-similarity', 'size'])
    const hash = r.duplicateGroups.find((g: { type: string }) => g.type === 'hash')
    expect(hash.files.map((f: { key: string }) => f.key).sort()).toEqual(['media/a/cat.png', 'media/b/cat (1).png'])
    t.cleanup()
  })

  it('compares stored objects with stored objects: the same photo uploaded before and after a database reset is one hash group, and the import skips the leftover', async () => {
    const t = makeTestApp()
    const admin = { headers: ADMIN_BASIC }
    const upload = async () =>
      (await makeMedia(t.app, await makeVisitor(t.app), 'forest-stream-cascade.jpg')).json.media.url.replace(
        '/api/media/file/',
        '',
      ) as string
    const before = await upload()
    expect((await call(t.app, 'POST', paths.adminResetDatabase(), undefined, admin)).status).toBe(200)
    const after = await upload()
    // The row keeps the hash of the bytes sent (the upload's 409) apart from the hash of the stripped copy in the bucket.
    const row = (await t.sql.get('select sha256, stored_sha256 as "storedSha256" from media')) as { sha256: string; storedSha256: string }
    expect(row.sha256).toBe(
      new Bun.CryptoHasher('sha256').update(await Bun.file(join(FIXTURES_DIR, 'forest-stream-cascade.jpg')).bytes()).digest('hex'),
    )
    expect(row.storedSha256).toBe(
      new Bun.CryptoHasher('sha256').update(await Bun.readableStreamToBytes((await t.deps.storage.get(after))!.body)).digest('hex'),
    )
    expect(row.storedSha256).not.toBe(row.sha256)

    const scan = (await call(t.app, 'GET', paths.adminFindDuplicates(), undefined, admin)).json
    const groupOf = (type: string) =>
      scan.duplicateGroups
        .find((g: { type: string }) => g.type === type)
        ?.files.map((f: { key: string }) => f.key)
        .sort()
    expect(groupOf('hash')).toEqual([before, after].sort())
    expect(groupOf('size')).toEqual([before, after].sort())
    expect(scan.potentialDeletions).toBe(1)
    expect((await call(t.app, 'POST', paths.adminImportMedia(), undefined, admin)).json).toMatchObject({
      imported: 0,
      skipped: 2,
      errors: 0,
    })
    t.cleanup()
  })

  it('hashes the stored object of a row without stored_sha256 (stored before it was recorded) for the scan and the import', async () => {
    const t = makeTestApp()
    const admin = { headers: ADMIN_BASIC }
    const item = (await makeMedia(t.app, await makeVisitor(t.app), 'tabby-cat.png')).json.media.url.replace(
      '/api/media/file/',
      '',
    ) as string
    const stored = (await t.sql.get('select stored_sha256 as h from media')) as { h: string }
    await t.sql.run('update media set stored_sha256 = null')
    await t.deps.storage.put('leftover/cat.png', (await t.deps.storage.get(item))!.body, {
      size: (await t.deps.storage.head(item))!.size,
      contentType: 'image/png',
    })
    expect((await call(t.app, 'POST', paths.adminImportMedia(), undefined, admin)).json).toMatchObject({ imported: 0, skipped: 2 })
    expect(await t.sql.get('select stored_sha256 as h from media')).toEqual(stored)
    const scan = (await call(t.app, 'GET', paths.adminFindDuplicates(), undefined, admin)).json
    expect(
      scan.duplicateGroups
        .find((g: { type: string }) => g.type === 'hash')
        .files.map((f: { key: string }) => f.key)
        .sort(),
    ).toEqual(['leftover/cat.png', item].sort())
    t.cleanup()
  })

  it('imports valid media dropped into the bucket once, skipping other files and copies', async () => {
    const t = makeTestApp()
    await putFixture(t, 'drop/meadow.jpg', 'autumn-mountain-meadow.jpg')
    await putFixture(t, 'drop/clip.mp4', 'kite-sky-portrait.mp4')
    await putFixture(t, 'drop/copy-of-meadow.jpg', 'autumn-mountain-meadow.jpg')
    await t.deps.storage.put('drop/notes.txt', new Blob(['not media']).stream(), { size: 9, contentType: 'text/plain' })
    const first = await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })
    expect(first.json).toEqual({ message: 'Imported 2 of 4 files', imported: 2, skipped: 2, errors: 0, totalFiles: 4 })
    const rows = await t.sql.all('select storage_key, mime_type, width, height from media order by storage_key')
    expect(rows).toEqual([
      { storage_key: 'drop/clip.mp4', mime_type: 'video/mp4', width: 720, height: 1280 },
      { storage_key: 'drop/copy-of-meadow.jpg', mime_type: 'image/jpeg', width: 1600, height: 1065 },
    ])
    expect((await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })).json).toMatchObject({
      imported: 0,
      skipped: 4,
    })
    const rater = await makeVisitor(t.app)
    expect((await call(t.app, 'GET', `/api/media/random/${rater.user.id}`, undefined, { cookie: rater.cookie })).status).toBe(200)
    t.cleanup()
  })

  it('reads each object once when importing: the type is sniffed from the spooled copy', async () => {
    const bucketDir = mkdtempSync(join(tmpdir(), 'hotvote-bucket-'))
    const { storage, counts } = countingStorage(createFsStorage(bucketDir))
    const t = makeTestApp({}, { storage })
    try {
      await putFixture(t, 'drop/meadow.jpg', 'autumn-mountain-meadow.jpg')
      await putFixture(t, 'drop/clip.mp4', 'kite-sky-portrait.mp4')
      await t.deps.storage.put('drop/notes.txt', new Blob(['not media']).stream(), { size: 9, contentType: 'text/plain' })
      expect((await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })).json).toMatchObject({
        imported: 2,
        skipped: 1,
        errors: 0,
      })
      expect(Object.fromEntries(counts.gets)).toEqual({ 'drop/meadow.jpg': 1, 'drop/clip.mp4': 1, 'drop/notes.txt': 1 })
    } finally {
      t.cleanup()
      rmSync(bucketDir, { recursive: true, force: true })
    }
  })

  it('streams an uploaded file into the bucket for import, refusing content that is not its type and callers without credentials', async () => {
    const t = makeTestApp()
    const ok = await call(t.app, 'POST', paths.adminBucketUpload(), undefined, {
      headers: ADMIN_BASIC,
      raw: uploadForm(0, 'paint-brushes.gif'),
    })
    expect(ok.status).toBe(201)
    expect(ok.json.key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.gif$/)
    expect(await t.deps.storage.head(ok.json.key)).toMatchObject({ size: 344445 })
    const fake = await call(t.app, 'POST', paths.adminBucketUpload(), undefined, {
      headers: ADMIN_BASIC,
      raw: uploadForm(0, 'fake.png', new Blob(['text'])),
    })
    expect(fake.status).toBe(415)
    expect((await call(t.app, 'POST', paths.adminBucketUpload(), undefined, { raw: uploadForm(0, 'paint-brushes.gif') })).status).toBe(401)
    t.cleanup()
  })
})

describe('the import owner', () => {
  it('has no usable session: its old fixed id and its stored id are both no session (401)', async () => {
    const t = makeTestApp()
    await putFixture(t, 'media/drop/cat.png', 'tabby-cat.png')
    expect((await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })).json).toMatchObject({ imported: 1 })
    const owner = (await t.sql.get('select u.id, u.session_id as sid from users u join media m on m.user_id = u.id')) as {
      id: number
      sid: string
    }
    const mediaId = ((await t.sql.get('select id from media')) as { id: number }).id
    for (const sid of ['system-import-owner', owner.sid]) {
      expect(await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sid}` })).toMatchObject({
        status: 401,
        json: { error: 'No session' },
      })
      expect((await call(t.app, 'DELETE', `/api/media/${mediaId}?userId=${owner.id}`, undefined, { cookie: `sid=${sid}` })).status).toBe(
        401,
      )
      expect((await call(t.app, 'POST', paths.session(), { sessionId: sid })).status).toBe(400)
    }
    expect(await t.sql.get('select count(*) as n from media')).toEqual({ n: 1 })
    t.cleanup()
  })

  it("keeps importing when a visitor asks for the owner's name, and when an older database gave it to a visitor", async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    expect(await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'system-import' }, { cookie: v.cookie })).toMatchObject({
      status: 409,
      json: { error: 'Username is taken' },
    })
    expect((await call(t.app, 'GET', '/api/users/check-username/System-Import', undefined, { cookie: v.cookie })).json).toEqual({
      available: false,
    })
    expect((await makeVisitor(t.app, { username: 'System-Import' })).user.username).not.toBe('System-Import')
    // An older database where a visitor took the name before the first import.
    await t.sql.run("update users set username = 'System-Import' where id = ?", v.user.id)
    await putFixture(t, 'media/drop/cat.png', 'tabby-cat.png')
    const r = await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })
    expect(r).toMatchObject({ status: 200, json: { imported: 1, errors: 0 } })
    const owner = (await t.sql.get('select u.id, u.username from users u join media m on m.user_id = u.id')) as {
      id: number
      username: string
    }
    expect(owner.id).not.toBe(v.user.id)
    expect(owner.username.toLowerCase()).not.toBe('system-import')
    t.cleanup()
  })
})
