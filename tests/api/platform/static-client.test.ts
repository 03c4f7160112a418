/**
 * Serving the built client: precompressed copies answer Accept-Encoding with the matching
 * Content-Encoding and Vary, decompress to the file's bytes, and an encoding the build did not write gets the
 * identity bytes. The dist is a temp folder compressed by the build's own step (scripts/compress-dist.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createApp } from '@server/app'
import { makeTestDeps } from '../../support/test-app'
import { compressDir } from '../../../scripts/compress-dist'

const t = makeTestDeps()
const dist = join(t.dir, 'dist')
const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`
const html = `<!doctype html><html lang="en"><head><title>HotVote</title></head><body>${'<p>rate</p>'.repeat(50)}</body></html>`
let app: ReturnType<typeof createApp>

beforeAll(() => {
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), js)
  writeFileSync(join(dist, 'index.html'), html)
  compressDir(dist)
  app = createApp(t.deps, dist)
})
afterAll(() => t.cleanup())

const get = async (path: string, acceptEncoding?: string) => {
  const res = await app.handle(
    new Request(`http://localhost${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }),
  )
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('GET a built asset with Accept-Encoding', () => {
  it('answers br with the brotli copy, which decompresses to the file', async () => {
    const { res, bytes } = await get('/assets/index-abc123.js', 'gzip, deflate, br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(bytes.length).toBeLessThan(js.length)
    expect(brotliDecompressSync(bytes).toString()).toBe(js)
  })

  it('answers gzip with the gzip copy when br is not accepted', async () => {
    const { res, bytes } = await get('/assets/index-abc123.js', 'gzip, br;q=0')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(bytes).toString()).toBe(js)
  })

  it('answers the identity bytes for an unknown encoding or none', async () => {
    for (const accept of ['zstd', undefined]) {
      const { res, bytes } = await get('/assets/index-abc123.js', accept)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(bytes.toString()).toBe(js)
    }
  })

  it('compresses index.html for a client-side route too, revalidated on every load', async () => {
    const { res, bytes } = await get('/upload', 'br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(brotliDecompressSync(bytes).toString()).toBe(html)
  })
})

describe('GET a file changed after the build compressed it', () => {
  it('answers the new identity bytes rather than the stale copy', async () => {
    const changed = `${js}// patched\n`
    const path = join(dist, 'assets', 'late-abc123.js')
    writeFileSync(path, js)
    compressDir(dist)
    writeFileSync(path, changed)
    // Modified a minute after its copies were written.
    const later = new Date(Date.now() + 60_000)
    utimesSync(path, later, later)
    const { res, bytes } = await get('/assets/late-abc123.js', 'br, gzip')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(bytes.toString()).toBe(changed)
  })
})
