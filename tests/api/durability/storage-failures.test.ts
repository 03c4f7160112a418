/**
 * What a failing disk or bucket leaves behind (data safety): a full disk during a storage write answers
 * 507 JSON with no media row and no partial object; a bucket import whose read breaks off leaves no temp file; a bucket
 * that does not answer gets 503 with Retry-After and no media row.
 */
import { describe, expect, it } from 'bun:test'
import { readdirSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import type { Storage } from '@server/storage/storage'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia, uploadForm } from '../../support/builders'
import { brokenReads, diskFullOnPut } from '../../support/faulty-storage'
import { filesUnder } from '../../support/process-checks'
import { paths } from '@contract/paths'
import { createS3Storage } from '@server/storage/s3-storage'
import { OUTAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from '@server/http/errors'
import { freePort } from '../../support/browser'

/** Files under dir this process still holds open (a leaked handle keeps a removed file's disk space). */
const openFilesUnder = (dir: string) =>
  readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`)
      } catch {
        return '' // the descriptor readdir itself used, closed since
      }
    })
    .filter((target) => target.startsWith(dir))
/** A real app whose bucket is wrapped by wrap (routes read deps.storage on each call). */
const appWithStorage = (wrap: (s: Storage) => Storage) => {
  const t = makeTestApp()
  t.deps.storage = wrap(t.deps.storage)
  return t
}

describe('a full disk during a storage write', () => {
  it('POST /api/media/upload answers 507 JSON and keeps no media row, object or temp file', async () => {
    const t = appWithStorage(diskFullOnPut)
    const visitor = await makeVisitor(t.app)
    const r = await makeMedia(t.app, visitor, 'storm-over-highway.jpg')
    expect(r).toMatchObject({ status: 507, json: { error: 'The server is out of disk space; try again later' } })
    expect(await t.sql.get('select count(*) as n from media')).toEqual({ n: 0 })
    expect(filesUnder(join(t.dir, 'bucket'))).toEqual([])
    expect(filesUnder(join(t.dir, 'tmp'))).toEqual([])
    t.cleanup()
  })

  it('POST /api/admin/bucket-upload answers 507 JSON and lists no partial object', async () => {
    const t = appWithStorage(diskFullOnPut)
    const r = await call(t.app, 'POST', paths.adminBucketUpload(), undefined, {
      headers: ADMIN_BASIC,
      raw: uploadForm(0, 'paint-brushes.gif'),
    })
    expect(r).toMatchObject({ status: 507, json: { error: 'The server is out of disk space; try again later' } })
    expect((await call(t.app, 'GET', paths.adminBucketFiles(), undefined, { headers: ADMIN_BASIC })).json.files).toEqual([])
    expect(filesUnder(join(t.dir, 'bucket'))).toEqual([])
    t.cleanup()
  })
})

describe('a bucket import whose object read breaks off', () => {
  it('counts the object as an error, adds no media row and removes its temp file', async () => {
    const t = appWithStorage(brokenReads)
    const photo = Bun.file(join(FIXTURES_DIR, 'autumn-mountain-meadow.jpg'))
    await t.deps.storage.put('drop/meadow.jpg', photo.stream(), { size: photo.size, contentType: 'image/jpeg' })
    const r = await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })
    expect(r.json).toEqual({ message: 'Imported 0 of 1 files', imported: 0, skipped: 0, errors: 1, totalFiles: 1 })
    expect(await t.sql.get('select count(*) as n from media')).toEqual({ n: 0 })
    expect(filesUnder(join(t.dir, 'tmp'))).toEqual([])
    expect(openFilesUnder(join(t.dir, 'tmp'))).toEqual([])
    t.cleanup()
  })
})

describe('a bucket that does not answer', () => {
  it('POST /api/media/upload answers 503 with Retry-After and keeps no media row', async () => {
    // An S3 endpoint on a loopback port nothing listens on: every connection is refused.
    const endpoint = `http://127.0.0.1:${freePort()}`
    const t = appWithStorage(() =>
      createS3Storage({ endpoint, region: 'us-east-1', bucket: 'gone', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true }),
    )
    const visitor = await makeVisitor(t.app)
    const r = await makeMedia(t.app, visitor, 'storm-over-highway.jpg')
    expect(r).toMatchObject({ status: 503, json: { error: STORAGE_UNAVAILABLE } })
    expect(r.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS))
    expect(await t.sql.get('select count(*) as n from media')).toEqual({ n: 0 })
    t.cleanup()
  })
})
