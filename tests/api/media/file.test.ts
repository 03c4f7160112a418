import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'

const t = makeTestApp()
afterAll(t.cleanup)
let url = ''
/** The bytes stored for the upload: the fixture's streams without its metadata, read from the bucket. */
let stored = new Uint8Array()
beforeAll(async () => {
  url = (await makeMedia(t.app, await makeVisitor(t.app), 'rowing-boats-pan.mp4')).json.media.url
  stored = new Uint8Array(await new Response((await t.deps.storage.get(url.replace('/api/media/file/', '')))!.body).arrayBuffer())
})

const get = (path: string, headers: Record<string, string> = {}) => t.app.handle(new Request(`http://localhost${path}`, { headers }))

describe('GET /api/media/file/*', () => {
  it('serves the whole file with ETag, one hour of caching and Accept-Ranges', async () => {
    const res = await get(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('etag')).toMatch(/^".+"$/)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(stored)
  })

  it('answers 304 when If-None-Match carries the ETag', async () => {
    const etag = (await get(url)).headers.get('etag')!
    const res = await get(url, { 'if-none-match': etag })
    expect(res.status).toBe(304)
    expect(await res.text()).toBe('')
  })

  it('answers byte ranges with 206 and the exact bytes', async () => {
    const bytes = stored
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, bytes.length - 1],
      ['bytes=-500', bytes.length - 500, bytes.length - 1],
    ] as const) {
      const res = await get(url, { range })
      expect(res.status).toBe(206)
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`)
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes.subarray(start, end + 1))
    }
  })

  it('answers 416 for a range past the end', async () => {
    const res = await get(url, { range: 'bytes=99999999-' })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${stored.length}`)
    // Found by the fuzz suite: the 416 had no body; every /api error is JSON.
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual({ error: `Range not satisfiable: the file has ${stored.length} bytes`, requestId: expect.any(String) })
  })

  it('answers 404 JSON for an unknown key', async () => {
    expect(await call(t.app, 'GET', '/api/media/file/media/2020/01/nope.jpg')).toMatchObject({
      status: 404,
      json: { error: 'Media file not found' },
    })
  })

  it('refuses a path with .. (also encoded) with 400 and never reads outside the bucket', async () => {
    for (const path of [
      '/api/media/file/media/%2e%2e/%2e%2e/hotvote.sqlite',
      '/api/media/file/..%2Fhotvote.sqlite',
      '/api/media/file/media/../../hotvote.sqlite',
    ]) {
      const r = await call(t.app, 'GET', path)
      expect([400, 404]).toContain(r.status)
      expect(r.text).not.toContain('SQLite')
    }
    expect(await call(t.app, 'GET', '/api/media/file/..%2Fhotvote.sqlite')).toMatchObject({
      status: 400,
      json: { error: 'Invalid media path' },
    })
  })
})
