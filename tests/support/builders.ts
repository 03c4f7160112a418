/** Test data builders (STYLE §7): uploads of real fixture media through the real API. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { call } from './test-app'
import { paths } from '@contract/paths'

/** Real media for tests, read in place: ../shared/fixtures/media. */
export const FIXTURES_DIR = join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'media')

type AnyApp = { handle(request: Request): Promise<Response> }

/** A multipart body with userId and a file: bytes (or the fixture `fixture`) under the name fileName. */
export function uploadForm(userId: number | string, fileName: string, bytes?: Blob): FormData {
  const form = new FormData()
  form.append('userId', String(userId))
  form.append('file', bytes ?? Bun.file(join(FIXTURES_DIR, fileName)), fileName)
  return form
}

/**
 * uploadForm's fields (userId, then the fixture as file) as the bytes of a multipart/form-data body and its
 * Content-Type, for a test that sends the body itself (in parts, as a stream).
 */
export function multipartBody(userId: number | string, fileName: string): { bytes: Uint8Array; contentType: string } {
  const boundary = `hotvote-${crypto.randomUUID()}`
  const head = [
    `--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${userId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ].join('')
  const file = readFileSync(join(FIXTURES_DIR, fileName))
  return {
    bytes: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** Uploads fixture (or bytes named fixture) as the visitor; returns the call result. */
export function makeMedia(
  app: AnyApp,
  visitor: { user: { id: number }; cookie: string },
  fixture: string,
  opts: { bytes?: Blob; idempotencyKey?: string } = {},
) {
  return call(app, 'POST', paths.mediaUpload(), undefined, {
    cookie: visitor.cookie,
    raw: uploadForm(visitor.user.id, fixture, opts.bytes),
    headers: opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {},
  })
}

/** A complete, valid POST /api/dmca-takedown body (public-visitor §5 DMCA form) naming mediaId when given. */
export const takedownInput = (mediaId?: number) => ({
  complainantName: 'Rights Holder',
  complainantEmail: 'rights@example.com',
  copyrightOwner: 'Rights Holder',
  workDescription: 'My original photograph of a cat',
  infringementDescription: 'Uploaded here without my permission',
  infringingUrls: JSON.stringify(['https://hotvote.example/x']),
  mediaId,
  goodFaithStatement: true,
  accuracyStatement: true,
  electronicSignature: 'Rights Holder',
})
