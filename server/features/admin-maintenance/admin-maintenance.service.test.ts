/**
 * Database maintenance on a real database: which accounts count as inactive, the purge that deletes exactly those
 * with its audit rows, the user sequence repair, and the reset that empties visitor data but keeps configuration and audit.
 */
import { describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser, insertView, insertVote } from '../../../tests/support/rows'
import { saveVoteMultiplier } from '../../repositories/configuration.repository'
import { countInactiveAccounts, purgeInactiveAccounts, repairUserSequence, resetDatabase } from './admin-maintenance.service'

/** A fresh database holding one inactive account and one of each kind that is not (email, vote, two views, upload). */
async function seeded() {
  const t = makeTestDeps()
  const item = await insertMedia(t.sql, await insertUser(t.sql, { username: 'uploader' }))
  const inactive = await insertUser(t.sql, { username: 'idle_one' })
  await insertView(t.sql, inactive, item)
  await insertUser(t.sql, { username: 'with_email', email: 'kept@example.com' })
  await insertVote(t.sql, await insertUser(t.sql, { username: 'voter' }), item, true)
  const viewer = await insertUser(t.sql, { username: 'viewer' })
  const second = await insertMedia(t.sql, await insertUser(t.sql, { username: 'uploader2' }))
  await insertView(t.sql, viewer, item)
  await insertView(t.sql, viewer, second)
  return { t, inactive }
}
const usernames = async (t: ReturnType<typeof makeTestDeps>) =>
  (await t.sql.all<{ username: string }>('select username from users order by id')).map((u) => u.username)

describe('inactive accounts', () => {
  it('counts only accounts without email, votes, uploads and with fewer than 2 views, and purges exactly those with audit rows', async () => {
    const { t, inactive } = await seeded()
    try {
      expect(await countInactiveAccounts(t.deps)).toEqual({ inactiveUsers: 1, totalUsers: 6, percentage: 16.7 })
      expect(await purgeInactiveAccounts(t.deps)).toEqual({ message: 'Purged 1 inactive accounts', deletedCount: 1, remainingUsers: 5 })
      expect(await usernames(t)).toEqual(['uploader', 'with_email', 'voter', 'viewer', 'uploader2'])
      expect(await t.sql.get('select count(*) as n from views where user_id = ?', inactive)).toEqual({ n: 0 })
      const audits = await t.sql.all<{ event: string; context: string }>(
        "select event, context from audit_logs where event like 'INACTIVE%' order by id",
      )
      expect(audits.map((a) => [a.event, JSON.parse(a.context)])).toEqual([
        ['INACTIVE_USER_PURGE', { userId: inactive, username: 'idle_one', createdAt: '2026-11-22T12:00:00.000Z' }],
        ['INACTIVE_ACCOUNTS_PURGE_COMPLETED', { deletedCount: 1, remainingUsers: 5, by: t.deps.config.adminUsername }],
      ])
      expect(await countInactiveAccounts(t.deps)).toEqual({ inactiveUsers: 0, totalUsers: 5, percentage: 0 })
    } finally {
      t.cleanup()
    }
  })

  it('answers a percentage of 0 on an empty database', async () => {
    const t = makeTestDeps()
    try {
      expect(await countInactiveAccounts(t.deps)).toEqual({ inactiveUsers: 0, totalUsers: 0, percentage: 0 })
    } finally {
      t.cleanup()
    }
  })
})

describe('repairUserSequence', () => {
  it('moves the sequence past a user inserted with an explicit id, so the next new user gets the id after it', async () => {
    const { t } = await seeded()
    try {
      const largest = (await t.sql.get<{ id: number }>('select max(id) as id from users'))!.id + 50
      await t.sql.run(
        "insert into users (id, session_id, username, created_at) values (?, 'row:explicit', 'explicit_id', '2026-11-22')",
        largest,
      )
      expect(await repairUserSequence(t.deps)).toEqual({ success: true, nextUserId: largest + 1 })
      expect(await insertUser(t.sql)).toBe(largest + 1)
    } finally {
      t.cleanup()
    }
  })
})

describe('resetDatabase', () => {
  it('empties users, media, votes and views, reports the counts, and keeps configuration and the audit log', async () => {
    const { t } = await seeded()
    try {
      await saveVoteMultiplier(t.deps.db, { isEnabled: true, multiplier: 2, updatedAt: '2026-11-22T12:00:00.000Z' })
      const result = await resetDatabase(t.deps)
      expect(result.deleted).toMatchObject({ users: 6, media: 2, votes: 1, views: 3 })
      for (const table of ['users', 'media', 'votes', 'views'])
        expect(await t.sql.get(`select count(*) as n from ${table}`)).toEqual({ n: 0 })
      expect(await t.sql.get('select multiplier from vote_multiplier_config')).toEqual({ multiplier: 2 })
      const audit = await t.sql.get<{ context: string }>("select context from audit_logs where event = 'DATABASE_RESET'")
      expect(JSON.parse(audit!.context).deleted).toEqual(result.deleted)
    } finally {
      t.cleanup()
    }
  })
})
