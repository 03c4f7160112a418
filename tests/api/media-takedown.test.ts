/** Media hidden by a resolved DMCA takedown is no longer served, nor any object derived from its key (issue #10 Serving). */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../support/test-app'
import { makeMedia, takedownInput } from '../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

/** Stores bytes under key directly in the bucket, as a later variant or poster would be. */
const putObject = (key: string) => t.deps.storage.put(key, new Blob(['variant bytes']).stream(), { size: 13, contentType: 'image/webp' })
const get = (path: string, headers: Record<string, string> = {}) => t.app.handle(new Request(`http://localhost${path}`, { headers }))

describe('GET /api/media/file/* of a taken-down item', () => {
  it('answers 404 for the item and its derived objects once the takedown is resolved, and serves them again when reopened', async () => {
    const owner = await makeVisitor(t.app)
    const { id, url } = (await makeMedia(t.app, owner, 'storm-over-highway.jpg')).json.media as { id: number; url: string }
    const kept = (await makeMedia(t.app, owner, 'kite-in-blue-sky-portrait.jpg')).json.media.url as string
    const stem = url.replace(/\.jpg$/, '')
    await putObject(`${stem.replace('/api/media/file/', '')}.w640.webp`)
    await putObject(`${stem.replace('/api/media/file/', '')}/poster.webp`)
    const files = [url, `${stem}.w640.webp`, `${stem}/poster.webp`]
    const etag = (await get(url)).headers.get('etag')!
    for (const path of files) expect((await get(path)).status).toBe(200)

    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(id))).json.id
    const resolve = (status: string) => call(t.app, 'PATCH', `/api/admin/dmca-takedowns/${takedownId}`, { status, adminNotes: '' }, { headers: ADMIN_BASIC })
    expect((await resolve('resolved')).status).toBe(200)
    for (const path of files) expect(await call(t.app, 'GET', path)).toMatchObject({ status: 404, json: { error: 'Media file not found' } })
    // A cache revalidating with the old ETag and a range request get nothing either.
    expect((await get(url, { 'if-none-match': etag })).status).toBe(404)
    expect((await get(url, { range: 'bytes=0-9' })).status).toBe(404)
    expect((await get(kept)).status).toBe(200)

    expect((await resolve('pending')).status).toBe(200)
    for (const path of files) expect((await get(path)).status).toBe(200)
  })
})
