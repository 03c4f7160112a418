/**
 * Support for tests that run the server as a real process and stop it hard or gracefully: an upload
 * sent slowly over a raw socket (so the test decides when the body ends), and the consistency checks made on a data
 * folder after a restart.
 */
import { expect } from 'bun:test'
import { Database } from 'bun:sqlite'
import { DERIVED_OBJECT_NAME, derivedObjectOwners } from '@server/media/media-keys'
import { existsSync, readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'

/** An upload in flight: response resolves with the HTTP status and JSON body (status 0 when the connection broke); finish() sends the rest of the body. */
export type SlowUpload = { response: Promise<{ status: number; json: any }>; finish(): void }

/**
 * Starts POST /api/media/upload over a raw HTTP/1.1 socket to url and sends the multipart head and the first
 * `first` bytes of bytes (named fileName, for userId with cookie); the rest waits for finish().
 */
export function slowUpload(
  url: string,
  opts: { cookie: string; userId: number; fileName: string; bytes: Uint8Array; first: number },
): SlowUpload {
  const boundary = `slow${crypto.randomUUID().replace(/-/g, '')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${opts.userId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  socket.write(
    `POST /api/media/upload HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${opts.cookie}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + opts.bytes.length + tail.length}\r\nConnection: close\r\n\r\n`,
  )
  socket.write(head)
  socket.write(opts.bytes.subarray(0, opts.first))
  const response = new Promise<{ status: number; json: any }>((resolve) => {
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    // A reset (the server was killed) is an answer too: status 0, seen on 'close'.
    socket.on('error', () => {})
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)
      const body = text.slice(text.indexOf('\r\n\r\n') + 4)
      let json: any
      try {
        json = JSON.parse(body)
      } catch {
        json = undefined
      }
      resolve({ status, json })
    })
  })
  return { response, finish: () => (socket.write(opts.bytes.subarray(opts.first)), socket.write(tail)) }
}

/** Polls check() every 20 ms until it is true, failing after ms (default 10 s) with what. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(20)
  }
}

/** Files (relative paths) under dir, recursively; [] when dir is missing. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
}

/**
 * Asserts the data folder of a server that was killed and restarted is consistent: `PRAGMA integrity_check` is ok,
 * every media row has its object in the fs bucket, every derived object (variant, poster) has its item, no object is
 * half-written, and the scratch folders (tmp, bucket/.tmp) are empty. A whole item object may lack its row (a kill
 * between storing an upload and writing its row): the bucket import adopts it (docs/operations.md > Crashes).
 */
export function expectConsistentDataDir(dataDir: string): void {
  const db = new Database(join(dataDir, 'hotvote.sqlite'), { readonly: true })
  try {
    expect(db.query('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' })
    const rows = (db.query('select storage_key as key from media').all() as { key: string }[]).map((r) => r.key).sort()
    const bucket = join(dataDir, 'bucket')
    const objects = filesUnder(bucket).filter((k) => k.startsWith('media/'))
    expect(rows.filter((k) => !existsSync(join(bucket, k)))).toEqual([])
    const owners = derivedObjectOwners(objects)
    expect(objects.filter((k) => !owners.has(k) && DERIVED_OBJECT_NAME.test(k.split('/').pop()!))).toEqual([])
  } finally {
    db.close()
  }
  expect(filesUnder(join(dataDir, 'tmp'))).toEqual([])
  expect(filesUnder(join(dataDir, 'bucket', '.tmp'))).toEqual([])
}
