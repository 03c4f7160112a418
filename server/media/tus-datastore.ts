/**
 * Where the bytes of a resumable upload wait until it finishes (docs/uploads.md > Storage): STORAGE=fs keeps them in
 * DATA_DIR/resumable-uploads, a folder only the server's user may open (@tus/file-store); STORAGE=s3 keeps them in the
 * bucket as an S3 multipart upload under resumable-uploads/ (@tus/s3-store), so any instance can resume them, and
 * stages each part on its way to S3 in that same folder (never in the system temp folder, which other users may read).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, chmodSync } from 'node:fs'
import { join } from 'node:path'
import { FileStore } from '@tus/file-store'
import type { MetadataValue } from '@tus/s3-store'
import type { DataStore, KvStore } from '@tus/server'
import type { Readable } from 'node:stream'
import type { Config } from '../config'
import { RESUMABLE_KEY_PREFIX } from './media-keys'

/** The folder under DATA_DIR that holds the chunks when STORAGE=fs. */
export const RESUMABLE_FS_DIR = 'resumable-uploads'

/** The store id of the upload whose URL id is id (RESUMABLE_KEY_PREFIX, then id). */
export const resumableStoreId = (id: string) => `${RESUMABLE_KEY_PREFIX}${id}`

/** The URL id (and resumable_uploads row id) of the upload whose store id is storeId. */
export const resumableUrlId = (storeId: string) => storeId.slice(RESUMABLE_KEY_PREFIX.length)

/**
 * A metadata cache that keeps nothing: every request reads an upload's info object from the bucket, so an instance
 * never answers from what it saw before another instance wrote or removed the upload.
 */
const noCache: KvStore<MetadataValue> = { get: async () => undefined, set: async () => {}, delete: async () => {} }

/** A tus datastore that can also read back a finished upload's bytes (both stores can). */
export type ResumableStore = DataStore & { read(id: string): Readable | Promise<Readable> }

/** The tus datastore for config.storage; expiryMs is how long an upload lives (the stores announce it as Upload-Expires). */
export function createResumableStore(config: Config, expiryMs: number): ResumableStore {
  const directory = join(config.dataDir, RESUMABLE_FS_DIR)
  mkdirSync(directory, { recursive: true, mode: 0o700 })
  chmodSync(directory, 0o700)
  if (config.storage.kind === 's3') {
    // Loaded only here, so a server on the filesystem bucket never holds @tus/s3-store and the S3 client in memory;
    // require keeps the construction synchronous (Bun loads the ES module at once).
    const { S3Store } = require('@tus/s3-store') as typeof import('@tus/s3-store')
    /**
     * S3Store with its staged parts in directory. S3Store has no option for it: a last piece read back from S3 goes
     * to the file uniqueTmpFileName names, and the parts of a PATCH to a splitter that uploadParts builds on
     * os.tmpdir() before its first await. os.tmpdir() reads TMPDIR, so TMPDIR names directory for that synchronous
     * start only (no other code runs meanwhile) and is put back at once.
     */
    class DataDirS3Store extends S3Store {
      protected override uploadParts(metadata: MetadataValue, readStream: Readable, currentPartNumber: number, offset: number) {
        const systemTmp = process.env.TMPDIR
        process.env.TMPDIR = directory
        try {
          return super.uploadParts(metadata, readStream, currentPartNumber, offset)
        } finally {
          if (systemTmp === undefined) delete process.env.TMPDIR
          else process.env.TMPDIR = systemTmp
        }
      }
      protected override async uniqueTmpFileName(template: string) {
        return join(directory, `${template}${randomBytes(16).toString('hex')}`)
      }
    }
    const s3 = config.storage
    const store = new DataDirS3Store({
      s3ClientConfig: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        credentials:
          s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
        // Checksums only where S3 requires them: a part streamed with a checksum trailer goes as an aws-chunked body,
        // which some S3-compatible stores keep as is, framing included.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
      cache: noCache,
      // Expiry is the server's own (resumable_uploads.expires_at and its cleanup), not a bucket lifecycle rule on tags.
      useTags: false,
      expirationPeriodInMilliseconds: expiryMs,
    })
    return store as unknown as ResumableStore
  }
  return new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs })
}
