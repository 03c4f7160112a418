/**
 * populateVotes on a real database: calls of at most about VOTES_PER_CALL votes that continue from the state row until
 * every item has VOTES_PER_ITEM synthetic votes, HOT_SHARE of them Hot, from flagged synthetic voters, each once.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser } from '../../../tests/support/rows'
import { HOT_SHARE, VOTES_PER_CALL, VOTES_PER_ITEM, populateVotes } from './vote-population.service'

const t = makeTestDeps()
afterAll(t.cleanup)
// Enough items that one call cannot reach them all: at most VOTES_PER_ITEM.max votes each.
const ITEMS = Math.ceil((2 * VOTES_PER_CALL) / VOTES_PER_ITEM.min)

describe('populateVotes', () => {
  it('pauses after about VOTES_PER_CALL votes, continues where it stopped, and completes with every item populated', async () => {
    const owner = await insertUser(t.sql)
    for (let i = 0; i < ITEMS; i++) await insertMedia(t.sql, owner)
    const calls = []
    for (let call = 0; call < 20; call++) {
      const result = await populateVotes(t.deps)
      calls.push(result)
      if (!result.paused) break
    }
    const first = calls[0]
    const last = calls.at(-1)!
    expect(first).toMatchObject({ success: false, paused: true, totalMediaCount: ITEMS })
    expect(first.totalVotesInserted).toBeGreaterThanOrEqual(VOTES_PER_CALL)
    expect(first.totalVotesInserted).toBeLessThan(VOTES_PER_CALL + VOTES_PER_ITEM.max)
    expect(calls.length).toBeGreaterThan(1)
    expect(last).toMatchObject({ success: true, paused: false, mediaProcessed: ITEMS, totalMediaCount: ITEMS })

    const perItem = await t.sql.all<{ total_votes: number; hot_votes: number }>('select total_votes, hot_votes from media order by id')
    for (const item of perItem) {
      expect(item.total_votes).toBeGreaterThanOrEqual(VOTES_PER_ITEM.min)
      expect(item.total_votes).toBeLessThanOrEqual(VOTES_PER_ITEM.max)
      expect(item.hot_votes / item.total_votes).toBeGreaterThanOrEqual(HOT_SHARE.min)
    }
    const total = perItem.reduce((n, item) => n + item.total_votes, 0)
    expect(last.totalVotesInserted).toBe(total)
    expect(await t.sql.get('select count(*) as n from votes')).toEqual({ n: total })
    expect(
      await t.sql.get('select count(*) as n from (select user_id, media_id from votes group by user_id, media_id having count(*) > 1) d'),
    ).toEqual({ n: 0 })
    const voters = await t.sql.get<{ n: number; synthetic: number; named: number }>(
      "select count(*) as n, sum(case when is_synthetic then 1 else 0 end) as synthetic, sum(case when username like 'voter\\_%' escape '\\' then 1 else 0 end) as named from users where id <> ?",
      owner,
    )
    expect(voters).toEqual({ n: last.usersCreated, synthetic: last.usersCreated, named: last.usersCreated })
    expect(last.userIdRange).toMatch(/^\d+-\d+$/)
    const audits = await t.sql.get<{ n: number }>("select count(*) as n from audit_logs where event = 'VOTE_POPULATION_RUN'")
    expect(audits!.n).toBe(calls.length)
  })

  it('adds nothing once complete', async () => {
    const before = await t.sql.get<{ n: number }>('select count(*) as n from votes')
    const again = await populateVotes(t.deps)
    expect(again).toMatchObject({ success: true, paused: false, mediaProcessed: ITEMS })
    expect(await t.sql.get('select count(*) as n from votes')).toEqual(before)
  })
})
