/** Session ids at rest: the database keeps only their SHA-256, and an older database's clear ids are hashed when it opens. */
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '@server/db/open'
import { hashSessionId } from '@server/core/session-hash'
import { call, makeTestApp, makeVisitor, TEST_DIALECT } from '../../support/test-app'
import { paths } from '@contract/paths'

/** The bytes of the database file after a checkpoint moved the WAL into it, with the WAL's own bytes. */
function databaseBytes(t: ReturnType<typeof makeTestApp>): string {
  t.sqlite.run('pragma wal_checkpoint(TRUNCATE)')
  const file = join(t.dir, 'hotvote.sqlite')
  return readFileSync(file).toString('latin1') + readFileSync(`${file}-wal`).toString('latin1')
}

// SQLite only: it scans the database file's raw bytes and opens an older SQLite file.
describe.if(TEST_DIALECT === 'sqlite')('session ids in the database', () => {
  it('are stored only as hashes, every session still resumes', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.emailCapture(), { email: 'fan@example.com', sessionId: v.user.sessionId })
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'fan@example.com', sessionId: v.user.sessionId }, { cookie: v.cookie })
    const token = t.sent.at(-1)!.text.match(/token=([A-Za-z0-9_-]+)/)![1]
    const other = (await call(t.app, 'POST', paths.verifyMagicLink(), { token })).json.sessionId as string

    const bytes = databaseBytes(t)
    expect([v.user.sessionId, other].filter((sid) => bytes.includes(sid))).toEqual([])
    expect(bytes).toContain(hashSessionId(v.user.sessionId))
    for (const sid of [v.user.sessionId, other])
      expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sid}` })).json).toMatchObject({
        id: v.user.id,
        sessionId: sid,
      })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${hashSessionId(v.user.sessionId)}` })).status).toBe(401)
    t.cleanup()
  })

  it('are hashed when an older database that stored them in clear is opened, once, and its sessions still resume', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.emailCapture(), { email: 'fan@example.com', sessionId: v.user.sessionId })
    // What an older version left: clear ids, and no record of a conversion.
    t.sqlite.query('update users set session_id = ? where id = ?').run(v.user.sessionId, v.user.id)
    t.sqlite.query('update email_captures set session_id = ?').run(v.user.sessionId)
    t.sqlite.run('pragma user_version = 0')

    for (let open = 0; open < 2; open++) openDatabase(join(t.dir, 'hotvote.sqlite')).sqlite.close()
    const hash = hashSessionId(v.user.sessionId)
    expect(t.sqlite.query('select session_id as sid from users').all()).toEqual([{ sid: hash }])
    expect(t.sqlite.query('select session_id as sid from email_captures').all()).toEqual([{ sid: hash }])
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: v.cookie })).json).toMatchObject({
      id: v.user.id,
      sessionId: v.user.sessionId,
    })
    t.cleanup()
  })
})
