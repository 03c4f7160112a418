/**
 * Seeds a benchmark database directly in SQLite (seeding speed is not what is measured): one uploader
 * owning `media` items, enough voters for `votes` distinct votes (1,000 each, on consecutive items), and `fresh`
 * visitors with no votes who drive the measured calls. Session ids are well-formed (32 characters of 0-9a-z) and
 * stored as the server stores them, as their SHA-256.
 */
import { openDatabase } from '../../server/db/open'
import { hashSessionId } from '../../server/core/session-hash'

/** A seeded visitor: users.id and its sid cookie value. */
export type BenchVisitor = { id: number; sid: string }

/** What seedDatabase made: the fresh visitors, and the number of media items and votes. */
export type Seeded = { visitors: BenchVisitor[]; media: number; votes: number }

const VOTES_PER_VOTER = 1000

/** A well-formed session id for a bench user: prefix and number, padded with zeros to 32 characters. */
const sessionIdFor = (prefix: string, n: number) => `${prefix}${n}x`.padEnd(32, '0')
/** The stored form of sessionIdFor(prefix, n). */
const sessionHashFor = (prefix: string, n: number) => hashSessionId(sessionIdFor(prefix, n))

/** Creates and migrates the database at path and fills it; answers the fresh visitors. */
export function seedDatabase(path: string, counts: { media: number; votes: number; fresh: number }): Seeded {
  const { sqlite } = openDatabase(path)
  const now = new Date().toISOString()
  const voters = Math.ceil(counts.votes / VOTES_PER_VOTER)
  const visitors: BenchVisitor[] = []
  sqlite.transaction(() => {
    const user = sqlite.prepare('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
    const uploader = (user.get(sessionHashFor('uploader', 0), 'bench_uploader', now) as { id: number }).id
    const item = sqlite.prepare(
      "insert into media (user_id, storage_key, original_name, mime_type, size, width, height, sha256, uploaded_at) values (?, ?, 'bench.jpg', 'image/jpeg', 120000, 1080, 1350, ?, ?)",
    )
    for (let m = 1; m <= counts.media; m++) item.run(uploader, `media/bench-${m}.jpg`, `bench-sha-${m}`, now)
    const vote = sqlite.prepare('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?)')
    let left = counts.votes
    for (let v = 1; v <= voters; v++) {
      const id = (user.get(sessionHashFor('voter', v), `bench_voter_${v}`, now) as { id: number }).id
      const start = Math.floor(Math.random() * counts.media)
      const mine = Math.min(left, VOTES_PER_VOTER, counts.media)
      for (let k = 0; k < mine; k++) vote.run(id, ((start + k) % counts.media) + 1, k % 3 === 0 ? 0 : 1, now)
      left -= mine
    }
    for (let f = 1; f <= counts.fresh; f++) {
      const sid = sessionIdFor('fresh', f)
      visitors.push({ id: (user.get(hashSessionId(sid), `bench_fresh_${f}`, now) as { id: number }).id, sid })
    }
  })()
  sqlite.exec('analyze')
  const votes = (sqlite.query('select count(*) as n from votes').get() as { n: number }).n
  sqlite.close()
  return { visitors, media: counts.media, votes }
}
