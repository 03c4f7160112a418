/** castVote on a real database: one vote per user and item, the item's figures with the new vote, replays, refusals. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser, insertVote } from '../../../tests/support/rows'
import type { HttpError } from '../../http/errors'
import { castVote } from './votes.service'

const t = makeTestDeps()
afterAll(t.cleanup)
const counters = (mediaId: number) =>
  t.sql.get<{ total_votes: number; hot_votes: number }>('select total_votes, hot_votes from media where id = ?', mediaId)

describe('castVote', () => {
  it('stores the vote at the clock time and answers the figures including it', async () => {
    const owner = await insertUser(t.sql)
    const mediaId = await insertMedia(t.sql, owner)
    for (const isHot of [true, true, false]) await insertVote(t.sql, await insertUser(t.sql), mediaId, isHot)
    const voter = await insertUser(t.sql)
    const { created, answer } = await castVote(t.deps, { userId: voter, mediaId, isHot: false })
    expect(created).toBe(true)
    expect(answer.vote).toMatchObject({ userId: voter, mediaId, isHot: false, createdAt: t.clock.now().toISOString() })
    // 2 Hot of 4 votes.
    expect(answer.stats).toEqual({ totalVotes: 4, hotPercentage: 50, notPercentage: 50 })
    expect(await counters(mediaId)).toEqual({ total_votes: 4, hot_votes: 2 })
    expect(await t.sql.get('select is_hot from votes where id = ?', answer.vote.id)).toEqual({ is_hot: 0 })
  })

  it('answers a repeat with the first vote, created false, and counts it once', async () => {
    const mediaId = await insertMedia(t.sql, await insertUser(t.sql))
    const voter = await insertUser(t.sql)
    const first = await castVote(t.deps, { userId: voter, mediaId, isHot: true })
    t.clock.advance(60_000)
    const again = await castVote(t.deps, { userId: voter, mediaId, isHot: false })
    expect(again.created).toBe(false)
    expect(again.answer.vote).toMatchObject({ id: first.answer.vote.id, isHot: true, createdAt: first.answer.vote.createdAt })
    expect(again.answer.stats).toEqual({ totalVotes: 1, hotPercentage: 100, notPercentage: 0 })
    expect(await counters(mediaId)).toEqual({ total_votes: 1, hot_votes: 1 })
  })

  it('refuses a vote on your own item with 403, on an unknown or hidden item with 404, and stores none', async () => {
    const owner = await insertUser(t.sql)
    const own = await insertMedia(t.sql, owner)
    const hidden = await insertMedia(t.sql, owner, { hiddenAt: '2026-11-22T12:00:00.000Z' })
    const voter = await insertUser(t.sql)
    const refusal = (input: { userId: number; mediaId: number }) =>
      castVote(t.deps, { ...input, isHot: true }).then(
        () => undefined,
        (e: HttpError) => e.status,
      )
    expect(await refusal({ userId: owner, mediaId: own })).toBe(403)
    expect(await refusal({ userId: voter, mediaId: hidden })).toBe(404)
    expect(await refusal({ userId: voter, mediaId: 999_999 })).toBe(404)
    const stored = await t.sql.get<{ n: number }>('select count(*) as n from votes where media_id in (?, ?)', own, hidden)
    expect(stored!.n).toBe(0)
  })
})
