/** getUserStats on a real database: totals and per-item figures of one visitor's uploads, newest first. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser, insertView, insertVote } from '../../../tests/support/rows'
import { getUserStats } from './user-stats.service'

const t = makeTestDeps()
afterAll(t.cleanup)

describe('getUserStats', () => {
  it('answers zeros and no items for a visitor without uploads', async () => {
    expect(await getUserStats(t.deps, await insertUser(t.sql))).toEqual({ totalUploads: 0, totalVotes: 0, totalViews: 0, mediaStats: [] })
  })

  it("sums the votes and views the visitor's items received, not other items' or the visitor's own votes", async () => {
    const owner = await insertUser(t.sql)
    const older = await insertMedia(t.sql, owner, { uploadedAt: '2026-11-20T10:00:00.000Z' })
    const newer = await insertMedia(t.sql, owner, { uploadedAt: '2026-11-21T10:00:00.000Z' })
    const someoneElses = await insertMedia(t.sql, await insertUser(t.sql))
    const voters = [await insertUser(t.sql), await insertUser(t.sql), await insertUser(t.sql)]
    for (const [i, v] of voters.entries()) await insertVote(t.sql, v, older, i < 2)
    await insertVote(t.sql, voters[0], newer, false)
    await insertVote(t.sql, owner, someoneElses, true)
    for (const v of voters) await insertView(t.sql, v, older)
    await insertView(t.sql, voters[0], someoneElses)

    const stats = await getUserStats(t.deps, owner)
    expect(stats).toMatchObject({ totalUploads: 2, totalVotes: 4, totalViews: 3 })
    expect(stats.mediaStats.map((m) => m.id)).toEqual([newer, older])
    expect(stats.mediaStats[0]).toMatchObject({ totalVotes: 1, totalViews: 0, hotPercentage: 0, notPercentage: 100 })
    // 2 Hot of 3: rounded whole percentages that add up to 100.
    expect(stats.mediaStats[1]).toMatchObject({
      totalVotes: 3,
      totalViews: 3,
      hotPercentage: 67,
      notPercentage: 33,
      mimeType: 'image/jpeg',
      size: 1000,
    })
    expect(stats.mediaStats[1].url).toEndWith('.jpg')
  })
})
