/**
 * Shared state lives in the database: two app instances over one database and one bucket (makeSecondInstance) behave
 * as one site for rate limits, admin tokens, the upload quota, Idempotency-Keys, configuration and admin jobs.
 */
import { afterEach, describe, expect, it } from 'bun:test'
import { ADMIN_BASIC, call, cookieSetBy, makeSecondInstance, makeTestApp, makeVisitor, TEST_DIALECT } from '../../support/test-app'
import { makeMedia, takedownInput } from '../../support/builders'
import { paths } from '@contract/paths'
import { createUploadLimits } from '@server/features/media/upload-limits.service'
import { alreadyRunning, startJob } from '@server/http/job-lock'
import { MB } from '@contract/media'

const opened: { close(): void }[] = []
afterEach(() => opened.splice(0).forEach((o) => o.close()))

/** A site of two instances: t (the first, with its files) and second. */
function twoInstances(env: Record<string, string> = {}) {
  const t = makeTestApp(env)
  const second = makeSecondInstance(t)
  opened.push({ close: () => (second.close(), t.cleanup()) })
  return { t, first: t.app, second }
}

const adminLogin = async (app: Parameters<typeof call>[0]) =>
  cookieSetBy(
    (await call(app, 'POST', paths.adminLogin(), { username: 'admin', password: 'test-admin-password' })).headers.get('set-cookie'),
  )
const adminConfig = (app: Parameters<typeof call>[0], cookie: string) =>
  call(app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie, headers: { 'x-requested-with': 'fetch' } })

describe('two instances on one database', () => {
  it('count a rate limit across both', async () => {
    const { first, second } = twoInstances({ DMCA_RATE_LIMIT_PER_HOUR: '2' })
    expect((await call(first, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(201)
    expect((await call(second.app, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(201)
    expect((await call(first, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(429)
    expect((await call(second.app, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(429)
  })

  it('let no parallel burst sent to both past a limit', async () => {
    const { first, second } = twoInstances({ DMCA_RATE_LIMIT_PER_HOUR: '4' })
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? first : second.app, 'POST', paths.dmcaTakedown(), takedownInput()).then((r) => r.status),
      ),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(4)
    expect(statuses.filter((s) => s === 429)).toHaveLength(6)
  })

  it('admit an admin token issued by either, and a logout on one ends it on the other', async () => {
    const { first, second } = twoInstances()
    const cookie = await adminLogin(first)
    expect((await adminConfig(second.app, cookie)).status).toBe(200)
    expect((await call(second.app, 'POST', paths.adminLogout(), undefined, { cookie })).status).toBe(204)
    expect((await adminConfig(first, cookie)).status).toBe(401)
  })

  it('keep an admin token across a restart until it expires', async () => {
    const { t } = twoInstances()
    const cookie = await adminLogin(t.app)
    const restarted = makeSecondInstance(t)
    opened.push(restarted)
    expect((await adminConfig(restarted.app, cookie)).status).toBe(200)
    t.clock.advance(12 * 3600_000)
    expect((await adminConfig(restarted.app, cookie)).status).toBe(401)
  })

  it("see each other's uploads in progress against a visitor's quota", async () => {
    const { t, second } = twoInstances({ UPLOAD_QUOTA_MB: '1' })
    const visitor = await makeVisitor(t.app)
    const release = await createUploadLimits(t.deps).reserve(visitor.user.id, 0.75 * MB)
    const onSecond = createUploadLimits(second.deps)
    expect(await onSecond.reserve(visitor.user.id, 0.5 * MB).catch((e) => e.status)).toBe(413)
    await release()
    expect(typeof (await onSecond.reserve(visitor.user.id, 0.5 * MB))).toBe('function')
  })

  it('store one item for one Idempotency-Key sent to both at once, and answer both with it', async () => {
    const { t, first, second } = twoInstances()
    const visitor = await makeVisitor(first)
    const [a, b] = await Promise.all([
      makeMedia(first, visitor, 'tabby-cat.png', { idempotencyKey: 'both' }),
      makeMedia(second.app, visitor, 'tabby-cat.png', { idempotencyKey: 'both' }),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.json).toEqual(a.json)
    expect(((await t.sql.get('select count(*) as n from media')) as { n: number }).n).toBe(1)
  })

  it('answer a configuration saved on one from the other at once', async () => {
    const { first, second } = twoInstances()
    expect((await call(second.app, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: false, multiplier: 1 })
    expect(
      (await call(first, 'POST', paths.adminConfig('vote-multiplier'), { isEnabled: true, multiplier: 3 }, { headers: ADMIN_BASIC }))
        .status,
    ).toBe(200)
    expect((await call(second.app, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: true, multiplier: 3 })
  })

  it('refuse an admin job on one with 409 while it runs on the other, and run it once that ends', async () => {
    const { t, second } = twoInstances()
    const release = await startJob(t.deps, 'votePopulation')
    expect(await call(second.app, 'POST', paths.adminPopulateVotes(), undefined, { headers: ADMIN_BASIC })).toMatchObject({
      status: 409,
      json: { error: alreadyRunning('votePopulation') },
    })
    await release()
    expect((await call(second.app, 'POST', paths.adminPopulateVotes(), undefined, { headers: ADMIN_BASIC })).status).toBe(200)
  })

  // SQLite only: it seeds 50,000 votes straight into the file, which the embedded database does in one transaction.
  it.if(TEST_DIALECT === 'sqlite')(
    'hold the votes export lock until its stream ends: the other instance refuses an export meanwhile, then runs one',
    async () => {
      const { t, first, second } = twoInstances()
      seedVotes(t.sqlite, 100, 500)
      const running = await first.handle(new Request('http://localhost/api/admin/export-votes', { headers: ADMIN_BASIC }))
      const reader = running.body!.getReader()
      expect((await reader.read()).done).toBe(false)
      expect(await call(second.app, 'GET', paths.adminExportVotes(), undefined, { headers: ADMIN_BASIC })).toMatchObject({
        status: 409,
        json: { error: alreadyRunning('voteExport') },
      })
      await reader.cancel()
      // The export frees its lock once its producer sees the cancel, at its next page.
      const statuses: number[] = []
      for (let i = 0; i < 100 && statuses.at(-1) !== 200; i++) {
        statuses.push((await call(second.app, 'GET', paths.adminExportVotes(), undefined, { headers: ADMIN_BASIC })).status)
        if (statuses.at(-1) === 409) await Bun.sleep(20)
      }
      expect(statuses.at(-1)).toBe(200)
    },
  )
})

/** Inserts voters x items votes straight into the database of sqlite. */
function seedVotes(sqlite: ReturnType<typeof makeTestApp>['sqlite'], voters: number, items: number) {
  sqlite.transaction(() => {
    const now = new Date().toISOString()
    const user = sqlite.query('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
    const owner = (user.get('lock-owner'.padEnd(32, '0'), 'lock_owner', now) as { id: number }).id
    const item = sqlite.query(
      "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.jpg', 'image/jpeg', 1, ?, ?) returning id",
    )
    const mediaIds = Array.from(
      { length: items },
      (_, m) => (item.get(owner, `media/lock-${m}.jpg`, `lock-${m}`, now) as { id: number }).id,
    )
    const vote = sqlite.query('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?)')
    for (let v = 0; v < voters; v++) {
      const voter = (user.get(`lock-voter${v}x`.padEnd(32, '0'), `lock_voter_${v}`, now) as { id: number }).id
      for (const mediaId of mediaIds) vote.run(voter, mediaId, 1, now)
    }
  })()
}
