import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestApp, makeVisitor } from '../support/test-app'
import { createTusUpload, cutBody, paddedVideo, tusCall } from '../support/tus'

const t = makeTestApp()
afterAll(t.cleanup)

describe('smoke', () => {
  it('resumes', async () => {
    const a = await makeVisitor(t.app)
    const video = await paddedVideo(12 * 1024 * 1024)
    const c = await createTusUpload(t.app, a, 'clip.mp4', video.length)
    console.log(c.status, c.text, [...c.headers])
    const p1 = await tusCall(t.app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': '0' }, body: cutBody(video, 5 * 1024 * 1024) }).catch((e) => ({ status: -1, text: String(e), headers: new Headers() }))
    console.log(p1.status, p1.text)
    const h = await tusCall(t.app, 'HEAD', c.path, { cookie: a.cookie })
    console.log(h.status, [...h.headers])
    const off = Number(h.headers.get('upload-offset'))
    const p2 = await tusCall(t.app, 'PATCH', c.path, { cookie: a.cookie, headers: { 'upload-offset': String(off) }, body: video.slice(off) })
    console.log(p2.status, p2.text.slice(0, 400))
    const r = await tusCall(t.app, 'GET', c.path + '/result', { cookie: a.cookie })
    console.log(r.status, r.text.slice(0, 200))
  })
})
