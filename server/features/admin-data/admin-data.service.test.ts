/**
 * The admin media and user lists and the admin delete on a real database and filesystem bucket: vote figures per
 * item, newest first with totals, and a delete that removes the object, its derived objects, the row and its votes, audited.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser, insertView, insertVote } from '../../../tests/support/rows'
import type { HttpError } from '../../http/errors'
import { posterKey } from '../../media/media-keys'
import { adminDeleteMedia, dbChecks, listAdminMedia, listAdminUsers } from './admin-data.service'

const t = makeTestDeps()
afterAll(t.cleanup)
const put = (key: string) => t.deps.storage.put(key, new Blob(['bytes']).stream(), { size: 5, contentType: 'image/webp' })

describe('listAdminMedia and listAdminUsers', () => {
  it('page the items newest first with their Hot and Not counts, and the users with the total', async () => {
    const owner = await insertUser(t.sql, { username: 'lister' })
    const older = await insertMedia(t.sql, owner, { uploadedAt: '2026-11-20T00:00:00.000Z' })
    const newer = await insertMedia(t.sql, owner, { uploadedAt: '2026-11-21T00:00:00.000Z' })
    for (const isHot of [true, false, false]) await insertVote(t.sql, await insertUser(t.sql), older, isHot)
    const page = await listAdminMedia(t.deps, { limit: 1, offset: 1 })
    expect(page.total).toBe(2)
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({ id: older, hotVotes: 1, notVotes: 2, totalVotes: 3, processed: false })
    expect((await listAdminMedia(t.deps, { limit: 1, offset: 0 })).items[0].id).toBe(newer)
    const users = await listAdminUsers(t.deps, { limit: 100, offset: 0 })
    expect(users.total).toBe(4)
    expect(users.items.map((u) => u.id)).toContain(owner)
  })
})

describe('adminDeleteMedia', () => {
  it("removes any visitor's item with its object, derived objects, votes and views, auditing request and completion", async () => {
    const owner = await insertUser(t.sql)
    const id = await insertMedia(t.sql, owner)
    const key = (await t.sql.get<{ storage_key: string }>('select storage_key from media where id = ?', id))!.storage_key
    const poster = posterKey(key)
    await put(key)
    await put(poster)
    expect(await t.deps.storage.head(poster)).toBeDefined()
    const voter = await insertUser(t.sql)
    await insertVote(t.sql, voter, id, true)
    await insertView(t.sql, voter, id)

    await adminDeleteMedia(t.deps, id)
    expect(await t.deps.storage.head(key)).toBeUndefined()
    expect(await t.deps.storage.head(poster)).toBeUndefined()
    for (const table of ['media where id', 'votes where media_id', 'views where media_id'])
      expect(await t.sql.get(`select count(*) as n from ${table} = ?`, id)).toEqual({ n: 0 })
    const audits = await t.sql.all<{ event: string; context: string }>(
      "select event, context from audit_logs where event like 'ADMIN_DELETE%' order by id",
    )
    expect(audits.map((a) => [a.event, JSON.parse(a.context)])).toEqual([
      ['ADMIN_DELETE_REQUEST', expect.objectContaining({ mediaId: id, ownerId: owner, storageKey: key })],
      ['ADMIN_DELETE_COMPLETED', expect.objectContaining({ mediaId: id, objectDeleted: true })],
    ])
  })

  it('answers 404 for an unknown item', async () => {
    expect(await adminDeleteMedia(t.deps, 999_999).catch((e: HttpError) => e.status)).toBe(404)
  })
})

describe('dbChecks', () => {
  it('report the connection, the tables and the row counts with their duration', async () => {
    expect(await dbChecks.connection(t.deps)).toMatchObject({ connected: true })
    expect((await dbChecks.schema(t.deps)).tables).toEqual(expect.arrayContaining(['users', 'media', 'votes']))
    const counts = await dbChecks.counts(t.deps)
    const actual = async (table: string) => (await t.sql.get<{ n: number }>(`select count(*) as n from ${table}`))!.n
    expect(counts).toMatchObject({
      totalUsers: await actual('users'),
      totalMedia: await actual('media'),
      totalVotes: await actual('votes'),
    })
    expect(counts.durationMs).toBeGreaterThanOrEqual(0)
  })
})
