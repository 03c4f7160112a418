/**
 * The WAL checkpoint off the event loop (server/db/wal-checkpoint.ts, docs/performance.md > The WAL checkpoint): under
 * a stream of votes that writes several times the WAL bound, the server's WAL file stays bounded though SQLite's
 * automatic checkpoint is off, every vote is in the database, the vote population (long transactions that read before
 * they write) runs beside it without a failure, and a graceful shutdown still checkpoints the whole WAL into the
 * database file (TRUNCATE: an empty or no -wal file is left).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../../support/browser'
import { TEST_DIALECT } from '../../support/test-app'
import { seedDatabase } from '../../../bench/lib/seed'

const MEDIA = 2000
const VISITORS = 20
const VOTES = 24_000
const CONNECTIONS = 32
/**
 * The WAL file may reach the checkpointer's bound (16 MB) plus what is written until the server's connection finishes
 * a checkpoint (a busy machine delays it); without that checkpoint it takes the whole stream, about 4 KB per vote.
 */
const WAL_FILE_BOUND_BYTES = 48 * 1024 * 1024

const dir = mkdtempSync(join(tmpdir(), 'hotvote-wal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(TEST_DIALECT === 'postgres')('the SQLite WAL under a vote stream', () => {
  it('stays bounded while votes stream in, and is checkpointed whole on shutdown', async () => {
    const dbPath = join(dir, 'hotvote.sqlite')
    const walPath = `${dbPath}-wal`
    const { visitors } = seedDatabase(dbPath, { media: MEDIA, votes: 0, fresh: VISITORS })
    const server = await startServer({ DATA_DIR: dir })
    let largestWal = 0
    const sampler = setInterval(() => (largestWal = Math.max(largestWal, existsSync(walPath) ? statSync(walPath).size : 0)), 10)
    const statuses = new Map<number, number>()
    const populationStatuses = new Map<number, number>()
    let next = 0
    let streaming = true
    const population = (async () => {
      while (streaming) {
        const res = await fetch(`${server.url}/api/admin/populate-votes`, { method: 'POST', headers: { authorization: server.adminAuth } })
        await res.arrayBuffer()
        populationStatuses.set(res.status, (populationStatuses.get(res.status) ?? 0) + 1)
      }
    })()
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let pair = next++; pair < VOTES; pair = next++) {
          const visitor = visitors[pair % VISITORS]
          const res = await fetch(`${server.url}/api/votes`, {
            method: 'POST',
            headers: { cookie: `sid=${visitor.sid}`, 'content-type': 'application/json', origin: server.url },
            body: JSON.stringify({ userId: visitor.id, mediaId: (Math.floor(pair / VISITORS) % MEDIA) + 1, isHot: pair % 3 !== 0 }),
          })
          await res.arrayBuffer()
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        }
      }),
    )
    streaming = false
    await population
    clearInterval(sampler)
    expect(Object.fromEntries(statuses)).toEqual({ 201: VOTES })
    expect([...populationStatuses.keys()]).toEqual([200])
    // The stream wrote several bounds' worth of WAL frames (about a page per vote), and the file stayed under the bound.
    expect(VOTES * 4096).toBeGreaterThan(WAL_FILE_BOUND_BYTES * 1.8)
    expect(largestWal).toBeLessThan(WAL_FILE_BOUND_BYTES)
    await server.stop()
    expect(existsSync(walPath) ? statSync(walPath).size : 0).toBe(0)
    const db = new Database(dbPath, { readonly: true })
    const streamed = db.query(`select count(*) as n from votes where user_id in (${visitors.map((v) => v.id).join(',')})`).get()
    expect(streamed).toEqual({ n: VOTES })
    db.close()
  }, 300_000)
})
