import { describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC, TEST_DIALECT } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

describe('inactive accounts', () => {
  it('counts and purges only accounts without email, vote, upload and with fewer than 2 views', async () => {
    const t = makeTestApp()
    const withEmail = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${withEmail.user.id}`, { email: 'kept@example.com' }, { cookie: withEmail.cookie })
    const uploader = await makeVisitor(t.app)
    const [a, b] = [
      (await makeMedia(t.app, uploader, 'tabby-cat.png')).json.media.id,
      (await makeMedia(t.app, uploader, 'yellow-daisy.webp')).json.media.id,
    ]
    const voter = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.votes(), { userId: voter.user.id, mediaId: a, isHot: true }, { cookie: voter.cookie })
    const viewer = await makeVisitor(t.app)
    for (const id of [a, b]) await call(t.app, 'POST', `/api/media/${id}/view`, { userId: viewer.user.id }, { cookie: viewer.cookie })
    const oneView = await makeVisitor(t.app)
    await call(t.app, 'POST', `/api/media/${a}/view`, { userId: oneView.user.id }, { cookie: oneView.cookie })
    const idle = await makeVisitor(t.app)

    expect((await call(t.app, 'GET', paths.adminInactiveCount(), undefined, { headers: ADMIN_BASIC })).json).toEqual({
      inactiveUsers: 2,
      totalUsers: 6,
      percentage: 33.3,
    })
    expect((await call(t.app, 'POST', paths.adminPurgeInactive(), undefined, { headers: ADMIN_BASIC })).json).toEqual({
      message: 'Purged 2 inactive accounts',
      deletedCount: 2,
      remainingUsers: 4,
    })
    const ids = ((await t.sql.all('select id from users order by id')) as { id: number }[]).map((r) => r.id)
    expect(ids).toEqual([withEmail.user.id, uploader.user.id, voter.user.id, viewer.user.id])
    expect(ids).not.toContain(idle.user.id)
    const events = (await t.sql.all("select event from audit_logs where event like 'INACTIVE%' order by id")) as { event: string }[]
    expect(events.map((e) => e.event)).toEqual(['INACTIVE_USER_PURGE', 'INACTIVE_USER_PURGE', 'INACTIVE_ACCOUNTS_PURGE_COMPLETED'])
    t.cleanup()
  })
})

describe('fix-user-sequence and reset-database', () => {
  it('sets the next user id after the largest, and a reset keeps configs and the audit log', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await makeMedia(t.app, v, 'tabby-cat.png')
    await call(t.app, 'POST', paths.adminConfig('vote-multiplier'), { isEnabled: true, multiplier: 2 }, { headers: ADMIN_BASIC })
    // The users id sequence jumps ahead, as after deleted rows: SQLite's autoincrement row, PostgreSQL's identity sequence.
    await t.sql.run(
      TEST_DIALECT === 'sqlite'
        ? "update sqlite_sequence set seq = 500 where name = 'users'"
        : "select setval(pg_get_serial_sequence('users', 'id'), 500)",
    )
    expect((await call(t.app, 'POST', paths.adminFixSequence(), undefined, { headers: ADMIN_BASIC })).json).toEqual({
      success: true,
      nextUserId: v.user.id + 1,
    })
    expect((await makeVisitor(t.app)).user.id).toBe(v.user.id + 1)

    const reset = await call(t.app, 'POST', paths.adminResetDatabase(), undefined, { headers: ADMIN_BASIC })
    expect(reset.json.deleted).toMatchObject({ users: 2, media: 1 })
    for (const table of ['users', 'media', 'votes', 'views'])
      expect(await t.sql.get(`select count(*) as n from ${table}`)).toEqual({ n: 0 })
    expect((await call(t.app, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: true, multiplier: 2 })
    expect(await t.sql.get("select count(*) as n from audit_logs where event = 'DATABASE_RESET'")).toEqual({ n: 1 })
    // The bucket stays: the one item with its derived objects, ready for a new import.
    expect((await call(t.app, 'GET', paths.adminBucketFiles(), undefined, { headers: ADMIN_BASIC })).json.files).toMatchObject([
      { derivedCount: 2 },
    ])
    expect((await call(t.app, 'POST', paths.adminResetDatabase())).status).toBe(401)
    t.cleanup()
  })
})
