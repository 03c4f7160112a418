/**
 * The vote baselines of `bun run bench`: raw bun:sqlite inserts into a copy of the seeded database,
 * with the app's schema and pragmas (server/db/open.ts), one vote per transaction and 5,000 votes per transaction.
 * Each vote is a distinct (user, item) pair: the fresh visitors vote on every item first, then the copy gets
 * another block of as many users whenever those pairs run out, so a small --media never runs out of pairs.
 */
import { rmSync } from 'node:fs'
import { Database } from 'bun:sqlite'
import { openDatabase } from '../../server/db/open'
import type { Seeded } from './seed'

/**
 * Rows per second for one-row transactions (perTransaction) and 5,000-row transactions (batched), each run for
 * `seconds` (at least one transaction, so a slow machine may take longer), and the rows each inserted (rows).
 */
export function rawVoteInsertRate(
  dbPath: string,
  seeded: Seeded,
  seconds: number,
): { perTransaction: number; batched: number; rows: { perTransaction: number; batched: number } } {
  const copy = `${dbPath}.baseline`
  const source = new Database(dbPath)
  source.exec(`VACUUM INTO '${copy}'`)
  source.close()
  const { sqlite } = openDatabase(copy)
  const insert = sqlite.prepare('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?)')
  const one = sqlite.transaction((userId: number, mediaId: number) => insert.run(userId, mediaId, 1, new Date().toISOString()))
  const many = sqlite.transaction((pairs: [number, number][]) => pairs.forEach(([u, m]) => insert.run(u, m, 1, new Date().toISOString())))
  const addUser = sqlite.prepare('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
  const addBlock = sqlite.transaction((block: number) =>
    Array.from(
      { length: seeded.visitors.length },
      (_, i) =>
        (addUser.get(`baseline-${block}-${i}`.padEnd(64, '0'), `bench_baseline_${block}_${i}`, new Date().toISOString()) as { id: number })
          .id,
    ),
  )
  // Block b of users votes on every item: pair p is block floor(p / blockPairs), user p % blockSize of it, item (p % blockPairs) / blockSize.
  const blocks = [seeded.visitors.map((v) => v.id)]
  const blockSize = blocks[0].length
  const blockPairs = blockSize * seeded.media
  let pair = 0
  const nextPair = (): [number, number] => {
    const p = pair++
    const block = Math.floor(p / blockPairs)
    if (block === blocks.length) blocks.push(addBlock(block))
    const within = p % blockPairs
    return [blocks[block][within % blockSize], Math.floor(within / blockSize) + 1]
  }
  const measure = (step: () => number) => {
    const t0 = performance.now()
    let rows = 0
    while (performance.now() - t0 < seconds * 1000) rows += step()
    return { rows, rate: rows / ((performance.now() - t0) / 1000) }
  }
  const perTransaction = measure(() => (one(...nextPair()), 1))
  const batched = measure(() => (many(Array.from({ length: 5000 }, nextPair)), 5000))
  sqlite.close()
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true })
  return {
    perTransaction: perTransaction.rate,
    batched: batched.rate,
    rows: { perTransaction: perTransaction.rows, batched: batched.rows },
  }
}
