/** The storage contract: one suite of cases run against the filesystem bucket and a real S3-protocol server (s3rver on loopback). */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startS3rver, type TestS3 } from '../../support/s3-server'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFsStorage } from '@server/storage/fs-storage'
import { createS3Storage } from '@server/storage/s3-storage'
import { InvalidKeyError, type Storage } from '@server/storage/storage'
import { FIXTURES_DIR } from '../../support/builders'

const streamOf = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]).stream()
const readAll = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer())

/** The cases every backend must pass; storage() is called after the backend's beforeAll. */
function storageContract(name: string, storage: () => Storage) {
  describe(`storage contract: ${name}`, () => {
    const photo = join(FIXTURES_DIR, 'red-marigold.webp')

    it('puts a stream and gets it back whole, with head metadata', async () => {
      const bytes = await Bun.file(photo).bytes()
      await storage().put('media/2026/11/a.webp', Bun.file(photo).stream(), { size: bytes.length, contentType: 'image/webp' })
      const head = await storage().head('media/2026/11/a.webp')
      expect(head).toMatchObject({ key: 'media/2026/11/a.webp', size: bytes.length, contentType: 'image/webp' })
      expect(head!.etag).toMatch(/^".+"$/)
      const got = await storage().get('media/2026/11/a.webp')
      expect(await readAll(got!.body)).toEqual(bytes)
    })

    it('gets an inclusive byte range', async () => {
      const bytes = await Bun.file(photo).bytes()
      const got = await storage().get('media/2026/11/a.webp', { start: 100, end: 199 })
      expect(got!.size).toBe(bytes.length)
      expect(await readAll(got!.body)).toEqual(bytes.subarray(100, 200))
    })

    it('answers undefined for a missing key', async () => {
      expect(await storage().head('media/none.jpg')).toBeUndefined()
      expect(await storage().get('media/none.jpg')).toBeUndefined()
    })

    it('lists every object in key order', async () => {
      await storage().put('media/2026/11/b.jpg', streamOf(new Uint8Array([1, 2, 3])), { size: 3, contentType: 'image/jpeg' })
      const keys: string[] = []
      for await (const o of storage().list()) keys.push(o.key)
      expect(keys).toEqual(['media/2026/11/a.webp', 'media/2026/11/b.jpg'])
    })

    it('replaces an object put again under the same key', async () => {
      await storage().put('media/2026/11/b.jpg', streamOf(new Uint8Array([9, 9])), { size: 2, contentType: 'image/jpeg' })
      expect(await readAll((await storage().get('media/2026/11/b.jpg'))!.body)).toEqual(new Uint8Array([9, 9]))
    })

    it('deletes, saying whether something was there', async () => {
      expect(await storage().delete('media/2026/11/b.jpg')).toBe(true)
      expect(await storage().delete('media/2026/11/b.jpg')).toBe(false)
      expect(await storage().head('media/2026/11/b.jpg')).toBeUndefined()
    })

    it('refuses keys that could leave the bucket', async () => {
      for (const key of ['../x', 'media/../../x', '/etc/passwd', 'a\\b', 'a//b', '']) {
        await expect(storage().head(key)).rejects.toBeInstanceOf(InvalidKeyError)
        await expect(storage().delete(key)).rejects.toBeInstanceOf(InvalidKeyError)
      }
    })
  })
}

const fsRoot = mkdtempSync(join(tmpdir(), 'hotvote-fs-bucket-'))
const fsStorage = createFsStorage(fsRoot)
afterAll(() => rmSync(fsRoot, { recursive: true, force: true }))
storageContract('filesystem bucket', () => fsStorage)

let s3: Storage
let s3rver: TestS3
beforeAll(async () => {
  s3rver = await startS3rver('hotvote-test')
  s3 = createS3Storage(s3rver.storageOptions)
})
afterAll(() => s3rver?.stop())
storageContract('S3 protocol (s3rver)', () => s3)
