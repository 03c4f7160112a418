/**
 * The vote counters on media (figures without counting rows per request) equal a recount of the votes
 * after a random mix of votes, own and admin media deletes, population, purge, user deletes and resets.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'

const t = makeTestApp()
afterAll(t.cleanup)

/** Media rows whose counters differ from a recount of their votes. */
const drifted = () =>
  t.sql.all(
    `select id, total_votes, hot_votes from media
     where total_votes <> (select count(*) from votes where media_id = media.id)
        or hot_votes <> (select count(*) from votes where media_id = media.id and is_hot)`,
  )

/** A deterministic generator of numbers in [0, 1), so a failure can be replayed. */
function seeded(seed: number) {
  let s = seed
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
}

let stored = 0
/** Inserts a media row owned by userId (the bucket object is not needed for votes or deletes). */
const addMedia = async (userId: number) =>
  (
    (await t.sql.get(
      "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.jpg', 'image/jpeg', 1, ?, ?) returning id",
      userId,
      `media/counter-${++stored}.jpg`,
      `counter-${stored}`,
      '2026-11-22T12:00:00.000Z',
    )) as { id: number }
  ).id

describe('media vote counters', () => {
  it('equal a recount after a random mix of votes, deletes, population, purge and resets', async () => {
    const random = seeded(12)
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]
    let visitors: Awaited<ReturnType<typeof makeVisitor>>[] = []
    let items: { id: number; owner: (typeof visitors)[number] }[] = []
    const restock = async () => {
      while (visitors.length < 6) visitors.push(await makeVisitor(t.app))
      while (items.length < 8) {
        const owner = pick(visitors)
        items.push({ id: await addMedia(owner.user.id), owner })
      }
    }
    const operations: Record<string, () => Promise<unknown>> = {
      vote: () => {
        const [v, item] = [pick(visitors), pick(items)]
        return call(t.app, 'POST', '/api/votes', { userId: v.user.id, mediaId: item.id, isHot: random() < 0.6 }, { cookie: v.cookie })
      },
      ownDelete: async () => {
        const item = pick(items)
        items = items.filter((i) => i !== item)
        expect(
          (await call(t.app, 'DELETE', `/api/media/${item.id}?userId=${item.owner.user.id}`, undefined, { cookie: item.owner.cookie }))
            .status,
        ).toBe(204)
      },
      adminDelete: async () => {
        const item = pick(items)
        items = items.filter((i) => i !== item)
        expect((await call(t.app, 'DELETE', `/api/admin/media/${item.id}`, undefined, { headers: ADMIN_BASIC })).status).toBe(204)
      },
      userDelete: async () => {
        const v = pick(visitors)
        visitors = visitors.filter((x) => x !== v)
        items = items.filter((i) => i.owner !== v)
        await t.sql.run('delete from users where id = ?', ...[v.user.id])
      },
      populate: () => call(t.app, 'POST', '/api/admin/populate-votes', undefined, { headers: ADMIN_BASIC }),
      purge: () => call(t.app, 'POST', '/api/admin/purge-inactive-accounts', undefined, { headers: ADMIN_BASIC }),
      reset: async () => {
        expect((await call(t.app, 'POST', '/api/admin/reset-database', undefined, { headers: ADMIN_BASIC })).status).toBe(200)
        visitors = []
        items = []
      },
    }
    // Votes are the common case; the rest are rarer, as on a real site.
    const weighted = [...Array(12).fill('vote'), 'vote', 'ownDelete', 'adminDelete', 'userDelete', 'populate', 'purge', 'reset']
    const seen = new Set<string>()
    for (let step = 0; step < 200; step++) {
      await restock()
      const name = step % 10 === 9 ? pick(weighted.slice(12)) : pick(weighted)
      seen.add(name)
      // Some operations run concurrently with votes, so a group commit holds a mix.
      await Promise.all([operations[name](), operations.vote(), operations.vote()])
      expect({ step, name, drifted: await drifted() }).toEqual({ step, name, drifted: [] })
    }
    expect([...seen].sort()).toEqual(Object.keys(operations).sort())
    expect(((await t.sql.get('select count(*) as n from votes')) as { n: number }).n).toBeGreaterThan(0)
  }, 60_000)
})
