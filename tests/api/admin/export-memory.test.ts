/**
 * GET /api/admin/export-votes keeps memory flat: on a real server process, streaming 200k votes
 * grows its peak RSS (VmHWM in /proc, reset before the export) by less than 60 MB. A memory ceiling, not a timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { startServer, type TestServer } from '../../support/browser'
import { withServerDb } from '../../support/server-db'
import { TEST_DIALECT } from '../../support/test-app'

const VOTES = 200_000
const MEDIA = 400

let server: TestServer
beforeAll(async () => (server = await startServer()))
afterAll(() => server.stop())

/** The server's peak resident memory since the last reset, MB. */
const peakMb = () => Number(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)![1]) / 1024

/** Downloads the export to nowhere, reading it chunk by chunk as a client would; answers its size in bytes. */
async function download(): Promise<number> {
  const res = await fetch(`${server.url}/api/admin/export-votes`, { headers: { authorization: server.adminAuth } })
  expect(res.status).toBe(200)
  let bytes = 0
  for await (const chunk of res.body!) bytes += chunk.length
  return bytes
}

/** Inserts MEDIA items and VOTES votes (VOTES / MEDIA voters, each voting on every item) straight into the database. */
function seedVotes() {
  withServerDb(server, (db) =>
    db.transaction(() => {
      const now = new Date().toISOString()
      const user = db.query('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
      const owner = (user.get('export-owner'.padEnd(32, '0'), 'export_owner', now) as { id: number }).id
      const item = db.query(
        "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.jpg', 'image/jpeg', 1, ?, ?) returning id",
      )
      const mediaIds = Array.from(
        { length: MEDIA },
        (_, m) => (item.get(owner, `media/export-${m}.jpg`, `export-${m}`, now) as { id: number }).id,
      )
      const vote = db.query('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?)')
      for (let v = 0; v < VOTES / MEDIA; v++) {
        const voter = (user.get(`export-voter${v}x`.padEnd(32, '0'), `export_voter_${v}`, now) as { id: number }).id
        for (const [k, mediaId] of mediaIds.entries()) vote.run(voter, mediaId, k % 4 ? 1 : 0, now)
      }
    })(),
  )
}

// SQLite only: it seeds 200k votes straight into the server's SQLite file.
describe.if(TEST_DIALECT === 'sqlite')('GET /api/admin/export-votes on a real server', () => {
  it("streams 200k votes with the server's peak RSS growing less than 60 MB", async () => {
    // A first, empty export loads the xlsx writer, which belongs to the server's memory at rest, not to the vote count.
    await download()
    seedVotes()
    writeFileSync(`/proc/${server.proc.pid}/clear_refs`, '5')
    const before = peakMb()
    const bytes = await download()
    const growth = peakMb() - before
    expect(bytes).toBeGreaterThan(VOTES * 20)
    expect(growth).toBeLessThan(60)
  }, 120_000)
})
