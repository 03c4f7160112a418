import { describe, expect, it } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpError } from '../http/errors'
import { readMultipartUpload } from './upload-stream'

/** A multipart request whose `file` part (a.png) holds size bytes. */
function uploadRequest(size: number) {
  const form = new FormData()
  form.append('userId', '1')
  form.append('file', new Blob([new Uint8Array(size).fill(7)]), 'a.png')
  return new Request('http://localhost/api/media/upload', { method: 'POST', body: form })
}

describe('readMultipartUpload', () => {
  it('spools the file part to an owner-only temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotvote-spool-'))
    const { fields, file } = await readMultipartUpload(uploadRequest(100_000), dir)
    expect(fields.userId).toBe('1')
    expect(file.size).toBe(100_000)
    expect((await Bun.file(file.tmpPath).stat()).mode & 0o777).toBe(0o600)
    rmSync(dir, { recursive: true, force: true })
  })

  it('rejects, instead of waiting for a drain that never comes, when the temp file cannot be written', async () => {
    // /proc exists, but no file can be created in it: the temp-file writer fails on open.
    const error = await readMultipartUpload(uploadRequest(2_000_000), '/proc').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(HttpError)
    expect((error as NodeJS.ErrnoException).code).toMatch(/^E[A-Z]+$/)
  })

  it('rejects a body cut inside the file part with 400 and removes the temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotvote-spool-'))
    const body = `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${'x'.repeat(200_000)}`
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body,
    })
    const error = await readMultipartUpload(request, dir).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, message: 'Malformed multipart body: Unexpected end of form' })
    expect(readdirSync(dir)).toEqual([])
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers 400, not a 500, when the content type names no usable boundary (found by the fuzz suite)', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=b o"u;n=d']) {
      const request = new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body: 'x' })
      const error = await readMultipartUpload(request, tmpdir()).catch((e: unknown) => e)
      expect(error).toMatchObject({
        status: 400,
        message: expect.stringMatching(/^Malformed multipart body: (Multipart: Boundary not found|Malformed content type)$/),
      })
    }
  })
})
