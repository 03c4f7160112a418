/** Media hidden by a resolved DMCA takedown is no longer served, nor any object derived from its key. */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC, TEST_DIALECT } from '../../support/test-app'
import { makeMedia, takedownInput } from '../../support/builders'
import { paths } from '@contract/paths'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../support/browser'

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
    await putObject(`${stem.replace('/api/media/file/', '')}/w640.webp`)
    await putObject(`${stem.replace('/api/media/file/', '')}/poster.webp`)
    await putObject(`${stem.replace('/api/media/file/', '')}/small.mp4`)
    const files = [url, `${stem}/w640.webp`, `${stem}/poster.webp`, `${stem}/small.mp4`]
    const etag = (await get(url)).headers.get('etag')!
    for (const path of files) expect((await get(path)).status).toBe(200)

    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(id))).json.id
    const resolve = (status: string) =>
      call(t.app, 'PATCH', `/api/admin/dmca-takedowns/${takedownId}`, { status, adminNotes: '' }, { headers: ADMIN_BASIC })
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

describe('an item named by several takedowns', () => {
  it('stays hidden while any resolved takedown names it: rejecting or reopening another one never shows it', async () => {
    const owner = await makeVisitor(t.app)
    const { id, url } = (await makeMedia(t.app, owner, 'forest-stream-cascade.jpg')).json.media as { id: number; url: string }
    const file = async (filer: string) =>
      (
        await call(
          t.app,
          'POST',
          paths.dmcaTakedown(),
          { ...takedownInput(id), complainantName: filer, electronicSignature: filer },
          { cookie: owner.cookie },
        )
      ).json.id as number
    const setStatus = async (takedownId: number, status: string) =>
      expect(
        (await call(t.app, 'PATCH', `/api/admin/dmca-takedowns/${takedownId}`, { status, adminNotes: '' }, { headers: ADMIN_BASIC }))
          .status,
      ).toBe(200)
    const fileStatus = async () => (await get(url)).status
    const rightsHolder = await file('Rights Holder')
    // Anyone may file, the uploader too: a takedown of their own, rejected, must not undo the resolved one.
    const bogus = await file('The Uploader')

    await setStatus(rightsHolder, 'resolved')
    expect(await fileStatus()).toBe(404)
    await setStatus(bogus, 'rejected')
    expect(await fileStatus()).toBe(404)
    await setStatus(bogus, 'pending')
    expect(await fileStatus()).toBe(404)

    // Two resolved takedowns: reopening one leaves the item hidden by the other; reopening both shows it.
    await setStatus(bogus, 'resolved')
    await setStatus(rightsHolder, 'pending')
    expect(await fileStatus()).toBe(404)
    await setStatus(bogus, 'pending')
    expect(await fileStatus()).toBe(200)
  })
})

// SQLite only: it replays a drizzle/sqlite migration on the file.
describe.if(TEST_DIALECT === 'sqlite')('the migration of a database where a rejected takedown showed an item a resolved one names', () => {
  it("hides the item again, since the resolved takedown's last change", async () => {
    const owner = await makeVisitor(t.app)
    const { id, url } = (await makeMedia(t.app, owner, 'wooden-plank-closeup.jpg')).json.media as { id: number; url: string }
    const resolved = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(id))).json.id as number
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/admin/dmca-takedowns/${resolved}`,
          { status: 'resolved', adminNotes: '' },
          { headers: ADMIN_BASIC },
        )
      ).status,
    ).toBe(200)
    // The state the earlier rule left: a rejection cleared hidden_at although the resolved takedown still names the item.
    await t.sql.run('update media set hidden_at = null where id = ?', ...[id])
    expect((await get(url)).status).toBe(200)
    const migration = readdirSync(join(ROOT, 'drizzle', 'sqlite')).find((f) => f.endsWith('_resolved_takedowns_hide.sql'))!
    await t.sql.run(readFileSync(join(ROOT, 'drizzle', 'sqlite', migration), 'utf8'))
    const { updatedAt } = (await t.sql.get('select updated_at as "updatedAt" from dmca_takedowns where id = ?', resolved)) as {
      updatedAt: string
    }
    expect(await t.sql.get('select hidden_at as "hiddenAt" from media where id = ?', id)).toEqual({ hiddenAt: updatedAt })
    expect((await get(url)).status).toBe(404)
  })
})

describe('which objects a takedown hides (server/media/media-keys.ts: one rule for the bucket and the file route)', () => {
  it('hides exactly the objects the bucket list counts on the item', async () => {
    const owner = await makeVisitor(t.app)
    const item = (await makeMedia(t.app, owner, 'lakeside-jetty-planks.jpg')).json.media as {
      id: number
      url: string
      variants: { url: string }[]
    }
    const key = item.url.replace('/api/media/file/', '')
    const stem = key.replace(/\.jpg$/, '')
    // A poster named as the pipeline names it, and two objects beside the item that are not of its making.
    for (const k of [`${stem}/poster.webp`, `${stem}/notes.webp`, `${stem}.w640.webp`]) await putObject(k)
    const listed = (await call(t.app, 'GET', paths.adminBucketFiles(), undefined, { headers: ADMIN_BASIC })).json.files as {
      key: string
      derivedCount: number
    }[]
    expect(listed.find((f) => f.key === key)?.derivedCount).toBe(item.variants.length + 1)
    expect(listed.map((f) => f.key)).toEqual(expect.arrayContaining([`${stem}/notes.webp`, `${stem}.w640.webp`]))

    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(item.id))).json.id
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/admin/dmca-takedowns/${takedownId}`,
          { status: 'resolved', adminNotes: '' },
          { headers: ADMIN_BASIC },
        )
      ).status,
    ).toBe(200)
    for (const url of [item.url, ...item.variants.map((v) => v.url), paths.mediaFile(`${stem}/poster.webp`)])
      expect((await get(url)).status).toBe(404)
    for (const k of [`${stem}/notes.webp`, `${stem}.w640.webp`]) expect((await get(paths.mediaFile(k))).status).toBe(200)
  })
})

describe('a hidden item in the back office (admin media grid)', () => {
  it("serves a hidden item's files to a live admin token, never cacheable, and 404 to visitors and stale or forged tokens", async () => {
    const owner = await makeVisitor(t.app)
    const item = (await makeMedia(t.app, owner, 'rowing-boats-sunset.jpg')).json.media as {
      id: number
      url: string
      variants: { url: string }[]
    }
    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(item.id))).json.id
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/admin/dmca-takedowns/${takedownId}`,
          { status: 'resolved', adminNotes: '' },
          { headers: ADMIN_BASIC },
        )
      ).status,
    ).toBe(200)
    const login = await call(t.app, 'POST', paths.adminLogin(), { username: 'admin', password: 'test-admin-password' })
    const admin = /hv_admin=[^;]*/.exec(login.headers.get('set-cookie') ?? '')![0]
    for (const url of [item.url, item.variants[0].url]) {
      const res = await get(url, { cookie: `${owner.cookie}; ${admin}` })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
      expect((await get(url, { cookie: owner.cookie })).status).toBe(404)
      expect((await get(url)).status).toBe(404)
      expect((await get(url, { cookie: 'hv_admin=forged-token' })).status).toBe(404)
      // Basic credentials are for admin API calls; a file request carries only cookies.
      expect((await get(url, ADMIN_BASIC)).status).toBe(404)
    }
    expect((await call(t.app, 'POST', paths.adminLogout(), undefined, { cookie: admin })).status).toBe(204)
    expect((await get(item.url, { cookie: admin })).status).toBe(404)
  })
})
