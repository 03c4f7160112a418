/**
 * Bucket management on a real filesystem bucket and database: listing items with their derived objects counted on
 * them, deleting objects with their rows and derived objects while refusing bad keys, and the duplicate scan.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser } from '../../../tests/support/rows'
import { posterKey, variantKey } from '../../media/media-keys'
import { encodeCursor } from '../../contract/admin/paging'
import { baseName, deleteBucketFiles, findDuplicates, listBucketFiles } from './admin-bucket.service'

/** Stores text under key in t's bucket. */
const put = (t: ReturnType<typeof makeTestDeps>, key: string, text: string) =>
  t.deps.storage.put(key, new Blob([text]).stream(), { size: text.length, contentType: 'application/octet-stream' })
const storageKeyOf = async (t: ReturnType<typeof makeTestDeps>, id: number) =>
  (await t.sql.get<{ storage_key: string }>('select storage_key from media where id = ?', id))!.storage_key

describe('listBucketFiles', () => {
  const t = makeTestDeps()
  afterAll(t.cleanup)

  it("lists items only, counting each item's variants and poster on it, and pages them by key, after a key's cursor", async () => {
    await put(t, 'media/a.jpg', 'aaaa')
    await put(t, variantKey('media/a.jpg', 320), '12345')
    await put(t, posterKey('media/a.jpg'), '123')
    await put(t, 'media/b.jpg', 'bb')
    await put(t, 'uploads/c.png', 'c')
    const { files, total, provider } = await listBucketFiles(t.deps)
    expect(provider).toBe(t.deps.storage.provider)
    expect(total).toBe(3)
    expect(files.find((f) => f.key === 'media/a.jpg')).toMatchObject({ size: 4, derivedCount: 2, derivedSize: 8 })
    expect(files.find((f) => f.key === 'media/b.jpg')).toMatchObject({ size: 2, derivedCount: 0, derivedSize: 0 })
    const page = await listBucketFiles(t.deps, { page: { limit: 2, offset: 1 }, checksums: true })
    expect(page.files.map((f) => f.key)).toEqual(['media/b.jpg', 'uploads/c.png'])
    expect(page.files[0].sha256).toBe(new Bun.CryptoHasher('sha256').update('bb').digest('hex'))
    expect(page.next).toBeUndefined()
    const first = await listBucketFiles(t.deps, { page: { limit: 1, offset: 0 } })
    expect(first.files.map((f) => f.key)).toEqual(['media/a.jpg'])
    expect(first.next).toBe(encodeCursor('media/a.jpg'))
    await put(t, 'media/0-new.jpg', 'n')
    const second = await listBucketFiles(t.deps, { page: { limit: 1, offset: 0, after: 'media/a.jpg' } })
    expect(second.files.map((f) => f.key)).toEqual(['media/b.jpg'])
    expect(second.next).toBe(encodeCursor('media/b.jpg'))
  })
})

describe('deleteBucketFiles', () => {
  const t = makeTestDeps()
  afterAll(t.cleanup)

  it('deletes an object with its derived objects and media row, reports unknown and bad keys, and touches nothing outside the bucket', async () => {
    const id = await insertMedia(t.sql, await insertUser(t.sql))
    const key = await storageKeyOf(t, id)
    await put(t, key, 'photo')
    await put(t, posterKey(key), 'poster')
    // '../x' seen from the bucket folder (DATA_DIR/bucket).
    const outside = join(t.dir, 'x')
    writeFileSync(outside, 'not in the bucket')
    const result = await deleteBucketFiles(t.deps, [key, '../x', 'media/none.jpg'])
    expect(result).toEqual({
      message: 'Deleted 1 of 3 files',
      deleted: 1,
      errors: ['../x: invalid key, not touched', 'media/none.jpg: not found'],
    })
    expect(await t.deps.storage.head(key)).toBeUndefined()
    expect(await t.deps.storage.head(posterKey(key))).toBeUndefined()
    expect(await t.sql.get('select count(*) as n from media where id = ?', id)).toEqual({ n: 0 })
    expect(existsSync(outside)).toBe(true)
  })
})

describe('findDuplicates', () => {
  const t = makeTestDeps()
  afterAll(t.cleanup)

  it('groups items by identical content, equal size and similar names, and counts the deletions identical content allows', async () => {
    await put(t, 'media/sunset.jpg', 'same bytes')
    await put(t, 'uploads/sunset (1).jpg', 'same bytes')
    await put(t, 'media/lake.jpg', 'different, longer bytes')
    await put(t, posterKey('media/lake.jpg'), 'same bytes')
    const scan = await findDuplicates(t.deps)
    expect(scan).toMatchObject({ success: true, totalFiles: 3, potentialDeletions: 1, totalDuplicateFiles: 2 })
    const groups = scan.duplicateGroups.map((g) => [g.type, g.files.map((f) => f.key).sort()])
    expect(groups).toEqual([
      ['hash', ['media/sunset.jpg', 'uploads/sunset (1).jpg']],
      ['size', ['media/sunset.jpg', 'uploads/sunset (1).jpg']],
      ['name-similarity', ['media/sunset.jpg', 'uploads/sunset (1).jpg']],
    ])
  })
})

describe('resumable uploads’ staging objects (resumable-uploads/)', () => {
  const t = makeTestDeps()
  afterAll(t.cleanup)

  it('are neither listed, nor scanned for duplicates, nor deleted', async () => {
    await put(t, 'media/kept.jpg', 'same bytes')
    const staging = ['resumable-uploads/0123456789abcdef0123456789abcdef', 'resumable-uploads/0123456789abcdef0123456789abcdef.info']
    await put(t, staging[0], 'same bytes')
    await put(t, staging[1], '{"id":"x"}')
    const { files, total } = await listBucketFiles(t.deps, { page: { limit: 10, offset: 0 }, checksums: true })
    expect({ keys: files.map((f) => f.key), total }).toEqual({ keys: ['media/kept.jpg'], total: 1 })
    expect(await findDuplicates(t.deps)).toMatchObject({ totalFiles: 1, duplicateGroups: [] })
    expect(await deleteBucketFiles(t.deps, staging)).toEqual({
      message: 'Deleted 0 of 2 files',
      deleted: 0,
      errors: staging.map((key) => `${key}: part of an unfinished resumable upload, not touched`),
    })
    for (const key of staging) expect(await t.deps.storage.head(key)).toBeDefined()
  })
})

describe('baseName', () => {
  it('drops folders, the extension and copy markers', () => {
    for (const key of ['media/Beach.JPG', 'uploads/beach (2).jpg', 'x/beach-copy.png', 'beach_3.webp', 'beach copy 2.jpg'])
      expect(baseName(key)).toBe('beach')
  })
})
