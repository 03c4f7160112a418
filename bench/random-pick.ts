/**
 * Benchmark (run by hand: `bun bench/random-pick.ts`): the random pick of GET /api/media/random at 20k media and
 * 1M votes, rejection sampling (what the app uses) against ORDER BY random() over the table. Prints ms per pick.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/open'
import { sqliteDatabase } from '../server/db/database'
import { pickRateableMedia } from '../server/features/media/media-pick.service'

const MEDIA = 20_000
const VOTERS = 1_000
const VOTES_PER_VOTER = 1_000 // 1M votes in all
const dir = mkdtempSync(join(tmpdir(), 'hotvote-bench-'))
const opened = openDatabase(join(dir, 'bench.sqlite'))
const { sqlite } = opened
const db = sqliteDatabase(opened)
const now = new Date().toISOString()

console.log(`seeding ${MEDIA} media, ${VOTERS} voters x ${VOTES_PER_VOTER} votes...`)
sqlite.transaction(() => {
  const user = sqlite.prepare('insert into users (session_id, username, created_at) values (?, ?, ?)')
  for (let u = 1; u <= VOTERS + 1; u++) user.run(`s${u}x`.padEnd(32, '0'), `user${u}`, now)
  const media = sqlite.prepare(
    "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.jpg', 'image/jpeg', 1, ?, ?)",
  )
  for (let m = 1; m <= MEDIA; m++) media.run(VOTERS + 1, `media/${m}.jpg`, `sha${m}`, now)
  const vote = sqlite.prepare('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?)')
  for (let u = 1; u <= VOTERS; u++) {
    const start = Math.floor(Math.random() * MEDIA)
    for (let k = 0; k < VOTES_PER_VOTER; k++) vote.run(u, ((start + k) % MEDIA) + 1, k % 3 === 0 ? 1 : 0, now)
  }
})()
sqlite.exec('analyze')

/** Runs fn n times and prints the mean ms per call and calls per second. */
async function time(label: string, n: number, fn: () => unknown) {
  const t0 = performance.now()
  for (let i = 0; i < n; i++) await fn()
  const ms = (performance.now() - t0) / n
  console.log(`${label.padEnd(48)} ${ms.toFixed(4)} ms/pick  (${Math.round(1000 / ms)} picks/s)`)
}

const orderByRandom = sqlite.prepare(
  'select m.* from media m where m.hidden_at is null and m.user_id <> ?1 and not exists (select 1 from votes v where v.user_id = ?1 and v.media_id = m.id) order by random() limit 1',
)
await time('rejection sampling (app), 1k votes cast', 20_000, () =>
  pickRateableMedia({ db }, 1 + Math.floor(Math.random() * VOTERS), [], 1),
)
await time('ORDER BY random() over the table', 200, () => orderByRandom.get(1 + Math.floor(Math.random() * VOTERS)))
// A visitor who has rated all but 5 items: sampling misses, the exact fallback answers.
const heavy = sqlite
  .prepare('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
  .get('heavy'.padEnd(32, '0'), 'heavy', now) as { id: number }
sqlite.transaction(() => {
  const vote = sqlite.prepare('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, 1, ?)')
  for (let m = 6; m <= MEDIA; m++) vote.run(heavy.id, m, now)
})()
await time('rejection sampling, visitor with 5 items left', 200, () => pickRateableMedia({ db }, heavy.id, [], 1))
sqlite.close()
rmSync(dir, { recursive: true, force: true })
