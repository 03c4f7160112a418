import { describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { paths } from '@contract/paths'
import { bandsOf } from '@server/media/near-duplicates'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC, TEST_DIALECT } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia, takedownInput } from '../../support/builders'
import { ROOT } from '../../support/browser'

type T = ReturnType<typeof makeTestApp>
type Visitor = Awaited<ReturnType<typeof makeVisitor>>

const CAT = join(FIXTURES_DIR, 'tabby-cat.png')
/** Re-posted copies of the cat: half size as JPEG, and greyscale. */
const halfJpeg = async () => new Blob([new Uint8Array(await sharp(CAT).resize(226).jpeg({ quality: 60 }).toBuffer())])
const grey = async () => new Blob([new Uint8Array(await sharp(CAT).greyscale().png().toBuffer())])

const upload = async (t: T, v: Visitor, name: string, bytes?: Blob) => {
  const r = await makeMedia(t.app, v, name, { bytes })
  expect(r.status).toBe(201)
  return r.json.media.id as number
}
const admin = (t: T, method: string, path: string, body?: unknown) => call(t.app, method, path, body, { headers: ADMIN_BASIC })
const scan = async (t: T) => (await admin(t, 'GET', paths.adminFindDuplicates())).json
const audit = (t: T, event: string) => t.sql.all<{ context: string }>('select context from audit_logs where event = ?', event)

describe('near duplicates', () => {
  it('stores the perceptual hash and its four bands of an image and of a video poster at upload', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    for (const fixture of ['tabby-cat.png', 'kite-sky-portrait.mp4']) {
      const id = await upload(t, v, fixture)
      const row = await t.sql.get('select phash, phash_band0, phash_band1, phash_band2, phash_band3 from media where id = ?', id)
      expect(row.phash).toMatch(/^[0-9a-f]{16}$/)
      expect([row.phash_band0, row.phash_band1, row.phash_band2, row.phash_band3]).toEqual(bandsOf(row.phash))
    }
    t.cleanup()
  })

  it('stores an upload that is a near copy of an older item, flagged for the admin; identical bytes still answer 409', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const copy = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    const other = await upload(t, v, 'yellow-daisy.webp')
    expect((await makeMedia(t.app, v, 'tabby-cat.png')).status).toBe(409)
    const flagged = await admin(t, 'GET', paths.adminMedia({ nearCopies: true }))
    expect(flagged.headers.get('x-total-count')).toBe('1')
    expect(flagged.json.map((m: { id: number; nearDuplicateOf: number | null }) => [m.id, m.nearDuplicateOf])).toEqual([[copy, original]])
    const all = await admin(t, 'GET', paths.adminMedia())
    expect(all.headers.get('x-total-count')).toBe('3')
    expect(all.json.find((m: { id: number }) => m.id === other).nearDuplicateOf).toBeNull()
    t.cleanup()
  })

  it('answers near-duplicate groups beside the exact ones: items oldest first with thumbnails and distances', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    t.clock.advance(1000)
    const small = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    t.clock.advance(1000)
    const greyed = await upload(t, v, 'cat-grey.png', await grey())
    await upload(t, v, 'yellow-daisy.webp')
    const result = await scan(t)
    expect(result).toMatchObject({ success: true, message: 'No duplicates found', duplicateGroups: [], nearDuplicateDistance: 10 })
    expect(result.nearDuplicateGroups).toHaveLength(1)
    const [group] = result.nearDuplicateGroups
    expect(group.oldestId).toBe(original)
    expect(group.items.map((i: { id: number; oldest: boolean }) => [i.id, i.oldest])).toEqual([
      [original, true],
      [small, false],
      [greyed, false],
    ])
    expect(group.items[0].distance).toBe(0)
    for (const item of group.items) {
      expect(item.distance).toBeLessThanOrEqual(10)
      expect(item.thumbnailUrl).toMatch(/^\/api\/media\/file\/media\/.+\/w\d+\.webp$/)
    }
    expect(group.distance).toBe(Math.max(...group.items.map((i: { distance: number }) => i.distance)))
    t.cleanup()
  })

  it('keeps one item and hides the others in one audited action; the group does not come back and the flags clear', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const small = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    const greyed = await upload(t, v, 'cat-grey.png', await grey())
    const r = await admin(t, 'POST', paths.adminResolveNearDuplicates(), { keepId: small, ids: [original, greyed], action: 'hide' })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ message: `Kept ${small}; Hid 2 near copies`, keptId: small, action: 'hide', ids: [original, greyed] })
    const rows = await t.sql.all('select id, hidden_at, near_duplicate_of from media order by id')
    expect(rows.map((row) => [row.id, row.hidden_at !== null, row.near_duplicate_of])).toEqual([
      [original, true, null],
      [small, false, null],
      [greyed, true, null],
    ])
    expect((await scan(t)).nearDuplicateGroups).toEqual([])
    const listed = (await admin(t, 'GET', paths.adminMedia())).json as { id: number; hidden: boolean }[]
    expect(listed.map((m) => [m.id, m.hidden]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [original, true],
      [small, false],
      [greyed, true],
    ])
    const [event] = await audit(t, 'NEAR_DUPLICATES_RESOLVED')
    expect(JSON.parse(event.context)).toMatchObject({ keptId: small, action: 'hide', ids: [original, greyed], by: 'admin' })
    t.cleanup()
  })

  it('keeps one item and deletes the others with their objects, audited', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const small = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    const key = (await t.sql.get('select storage_key from media where id = ?', small)).storage_key
    const r = await admin(t, 'POST', paths.adminResolveNearDuplicates(), { keepId: original, ids: [small], action: 'delete' })
    expect(r.json).toMatchObject({ keptId: original, action: 'delete', ids: [small] })
    expect(await t.sql.all('select id from media')).toEqual([{ id: original }])
    expect(await t.deps.storage.head(key)).toBeUndefined()
    expect(await audit(t, 'NEAR_DUPLICATES_RESOLVED')).toHaveLength(1)
    t.cleanup()
  })

  it('remembers a dismissed group: it does not come back, audited', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const small = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    expect((await scan(t)).nearDuplicateGroups).toHaveLength(1)
    const r = await admin(t, 'POST', paths.adminDismissNearDuplicates(), { ids: [small, original] })
    expect(r.json).toEqual({ message: 'Dismissed a group of 2 items', ids: [original, small] })
    expect((await scan(t)).nearDuplicateGroups).toEqual([])
    expect(await t.sql.all('select media_id_low, media_id_high from near_duplicate_dismissals')).toEqual([
      { media_id_low: original, media_id_high: small },
    ])
    expect(await t.sql.get('select near_duplicate_of from media where id = ?', small)).toEqual({ near_duplicate_of: null })
    expect(await audit(t, 'NEAR_DUPLICATES_DISMISSED')).toHaveLength(1)
    t.cleanup()
  })

  it('dismisses a group in one transaction: when clearing the near-copy flag fails, no pair is remembered', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const small = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    if (TEST_DIALECT === 'postgres') {
      await t.sql.run(`create function fail_flag() returns trigger language plpgsql as $$
        begin raise exception 'disk full'; end $$`)
      await t.sql.run('create trigger fail_flag before update of near_duplicate_of on media for each row execute function fail_flag()')
    } else {
      await t.sql.run(`create trigger fail_flag before update of near_duplicate_of on media begin select raise(abort, 'disk full'); end`)
    }
    const r = await admin(t, 'POST', paths.adminDismissNearDuplicates(), { ids: [original, small] })
    expect(r.status).toBe(500)
    expect(await t.sql.all('select media_id_low from near_duplicate_dismissals')).toEqual([])
    expect(await t.sql.get('select near_duplicate_of from media where id = ?', small)).toEqual({ near_duplicate_of: original })
    t.cleanup()
  })

  it('keeps a hidden copy hidden whatever its takedowns do, until the admin shows it again (audited)', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const copy = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    await admin(t, 'POST', paths.adminResolveNearDuplicates(), { keepId: original, ids: [copy], action: 'hide' })
    const url = (await t.sql.get('select storage_key as key from media where id = ?', copy)).key as string
    const fileStatus = async () => (await call(t.app, 'GET', paths.mediaFile(url))).status
    const listed = async () =>
      ((await admin(t, 'GET', paths.adminMedia())).json as { id: number; hidden: boolean; hiddenAsCopy: boolean }[]).find(
        (m) => m.id === copy,
      )
    expect(await listed()).toMatchObject({ hidden: true, hiddenAsCopy: true })
    expect(await fileStatus()).toBe(404)

    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(copy))).json.id as number
    const setStatus = async (status: string) =>
      expect((await admin(t, 'PATCH', `/api/admin/dmca-takedowns/${takedownId}`, { status, adminNotes: '' })).status).toBe(200)
    await setStatus('resolved')
    await setStatus('pending')
    expect(await listed()).toMatchObject({ hidden: true, hiddenAsCopy: true })
    expect(await fileStatus()).toBe(404)

    // Shown again while a resolved takedown names it: it stays hidden by the takedown, no longer as a copy.
    await setStatus('resolved')
    const show = () => admin(t, 'POST', paths.adminShowHiddenCopy(), { id: copy })
    expect((await show()).json).toEqual({ message: `Media ${copy} stays hidden: a resolved takedown names it`, id: copy, hidden: true })
    expect(await listed()).toMatchObject({ hidden: true, hiddenAsCopy: false })
    await setStatus('pending')
    expect(await listed()).toMatchObject({ hidden: false, hiddenAsCopy: false })
    expect(await fileStatus()).toBe(200)
    expect(await show()).toMatchObject({ status: 409, json: { error: `Media ${copy} is not hidden as a near copy` } })

    // Hidden again and shown with no takedown in force: rated and served at once.
    await admin(t, 'POST', paths.adminResolveNearDuplicates(), { keepId: original, ids: [copy], action: 'hide' })
    expect(await fileStatus()).toBe(404)
    expect((await show()).json).toEqual({ message: `Media ${copy} is shown again`, id: copy, hidden: false })
    expect(await fileStatus()).toBe(200)
    expect((await audit(t, 'NEAR_COPY_SHOWN')).map((e) => JSON.parse(e.context))).toEqual([
      { id: copy, by: 'admin' },
      { id: copy, by: 'admin' },
    ])
    t.cleanup()
  })

  it('migrates the copies hidden before hiddenAsCopyAt existed: hidden with no resolved takedown means hidden as a copy', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const original = await upload(t, v, 'tabby-cat.png')
    const copy = await upload(t, v, 'cat-small.jpg', await halfJpeg())
    const takenDown = await upload(t, v, 'yellow-daisy.webp')
    await admin(t, 'POST', paths.adminResolveNearDuplicates(), { keepId: original, ids: [copy], action: 'hide' })
    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(takenDown))).json.id as number
    await admin(t, 'PATCH', `/api/admin/dmca-takedowns/${takedownId}`, { status: 'resolved', adminNotes: '' })
    // The state before the migration: no item has the column set.
    await t.sql.run('update media set hidden_as_copy_at = null')
    const folder = join(ROOT, 'drizzle', TEST_DIALECT === 'postgres' ? 'pg' : 'sqlite')
    const migration = readdirSync(folder).find((f) => f.endsWith('_hidden_as_copy.sql'))!
    const [, backfill] = readFileSync(join(folder, migration), 'utf8').split('--> statement-breakpoint')
    await t.sql.run(backfill)
    const rows = await t.sql.all('select id, hidden_at as "hiddenAt", hidden_as_copy_at as "asCopy" from media order by id')
    expect(rows.map((r) => [r.id, r.hiddenAt !== null, r.asCopy === null ? null : r.asCopy === r.hiddenAt])).toEqual([
      [original, false, null],
      [copy, true, true],
      [takenDown, true, null],
    ])
    t.cleanup()
  })

  it('refuses to show an unknown item (404) or a bad id (400), changing nothing', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const id = await upload(t, v, 'tabby-cat.png')
    const show = (body: unknown) => admin(t, 'POST', paths.adminShowHiddenCopy(), body)
    expect(await show({ id: id + 1 })).toMatchObject({ status: 404, json: { error: `Media ${id + 1} not found` } })
    for (const body of [{ id: 'one' }, { id: 1e23 }, { id: -1 }, {}, []]) expect((await show(body)).status).toBe(400)
    expect(await show({ id })).toMatchObject({ status: 409 })
    expect(await audit(t, 'NEAR_COPY_SHOWN')).toEqual([])
    t.cleanup()
  })

  it('refuses bad decisions with 400 and unknown items with 404, changing nothing', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const id = await upload(t, v, 'tabby-cat.png')
    const resolve = (body: unknown) => admin(t, 'POST', paths.adminResolveNearDuplicates(), body)
    expect((await resolve({ keepId: id, ids: [id], action: 'hide' })).status).toBe(400)
    expect((await resolve({ keepId: id, ids: [], action: 'hide' })).status).toBe(400)
    expect((await resolve({ keepId: id, ids: [id + 1], action: 'burn' })).status).toBe(400)
    expect((await resolve({ keepId: 1e23, ids: [id], action: 'hide' })).json).toMatchObject({
      error: expect.stringContaining('2147483647'),
    })
    expect((await resolve({ keepId: id, ids: [2147483648], action: 'hide' })).status).toBe(400)
    expect((await resolve({ keepId: id, ids: [id + 1], action: 'delete' })).json).toMatchObject({ error: `Media ${id + 1} not found` })
    expect((await admin(t, 'POST', paths.adminDismissNearDuplicates(), { ids: [id] })).status).toBe(400)
    expect((await admin(t, 'POST', paths.adminDismissNearDuplicates(), { ids: [id, 1e23] })).status).toBe(400)
    expect((await admin(t, 'POST', paths.adminDismissNearDuplicates(), { ids: [id, id + 1] })).status).toBe(404)
    expect(await t.sql.all('select id, hidden_at from media')).toEqual([{ id, hidden_at: null }])
    t.cleanup()
  })
})
