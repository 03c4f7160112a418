/**
 * Writes that check and change in one transaction (server/repositories): requests sent at the same moment cannot
 * both pass a check that only one of them may pass, and a refused change leaves nothing behind.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, newSessionId } from '../../support/test-app'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

const count = async (sql: string) => ((await t.sql.get(sql)) as { n: number }).n
/** The token in the newest email sent to `to`. */
const tokenSentTo = (to: string) =>
  t.sent
    .filter((m) => m.to === to)
    .at(-1)!
    .text.match(/token=([A-Za-z0-9_-]+)/)![1]

describe('writes sent at the same moment', () => {
  it('makes one visitor of concurrent first calls with one session id, each answered with it', async () => {
    const sessionId = newSessionId()
    const users = await count('select count(*) as n from users')
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(t.app, 'POST', paths.session(), { sessionId })))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((r) => r.json.id)).size).toBe(1)
    expect(await count('select count(*) as n from users')).toBe(users + 1)
  })

  it('gives a free username to one of two visitors asking for it at once; the other gets 409', async () => {
    const [a, b] = await Promise.all([makeVisitor(t.app), makeVisitor(t.app)])
    const answers = await Promise.all(
      [a, b].map((v) => call(t.app, 'PATCH', paths.user(v.user.id), { username: 'OnlyOneOfUs' }, { cookie: v.cookie })),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await count("select count(*) as n from users where lower(username) = 'onlyoneofus'")).toBe(1)
  })

  it('uses a magic link once when it is confirmed twice at once: one new session, the other 400 invalid-token', async () => {
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'twice@example.com', sessionId: v.user.sessionId }, { cookie: v.cookie })
    const token = tokenSentTo('twice@example.com')
    const sessions = await count('select count(*) as n from user_sessions')
    const answers = await Promise.all([
      call(t.app, 'POST', paths.verifyMagicLink(), { token }),
      call(t.app, 'POST', paths.verifyMagicLink(), { token }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400])
    expect(answers.find((r) => r.status === 400)!.json.code).toBe('invalid-token')
    expect(await count('select count(*) as n from user_sessions')).toBe(sessions + 1)
    expect(await count(`select login_count as n from users where id = ${v.user.id}`)).toBe(2)
  })
})
