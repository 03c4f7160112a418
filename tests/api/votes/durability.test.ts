/** Group-committed votes are durable on answer: a real server killed with SIGKILL right after a 201 keeps that vote. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startServer, type TestServer } from '../../support/browser'
import { newVisitor } from '../../support/seed'
import { withServerDb } from '../../support/server-db'
import { TEST_DIALECT } from '../../support/test-app'

let server: TestServer
beforeAll(async () => (server = await startServer()))
afterAll(() => server.stop())

// SQLite only: it counts the votes in the server's SQLite file after kill -9.
describe.if(TEST_DIALECT === 'sqlite')('POST /api/votes on a real server', () => {
  it('keeps every vote answered 201 when the process is killed -9 right after the answer', async () => {
    const owner = await newVisitor(server)
    const voters = await Promise.all([0, 1, 2].map(() => newVisitor(server)))
    const mediaIds = withServerDb(server, (db) =>
      Array.from(
        { length: 30 },
        (_, i) =>
          (
            db
              .query(
                "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.jpg', 'image/jpeg', 1, ?, ?) returning id",
              )
              .get(owner.id, `media/durable-${i}.jpg`, `durable-${i}`, new Date().toISOString()) as { id: number }
          ).id,
      ),
    )
    const answered: { id: number }[] = []
    let killed = false
    const votes = voters.flatMap((v) =>
      mediaIds.map(async (mediaId) => {
        const res = await fetch(`${server.url}/api/votes`, {
          method: 'POST',
          headers: { cookie: v.cookie, origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ userId: v.id, mediaId, isHot: true }),
        })
        if (res.status !== 201 || killed) return
        answered.push(((await res.json()) as { vote: { id: number } }).vote)
        if (answered.length === 5) (killed = true), process.kill(server.proc.pid, 'SIGKILL')
      }),
    )
    await Promise.allSettled(votes)
    expect(killed).toBe(true)
    const stored = withServerDb(server, (db) => new Set((db.query('select id from votes').all() as { id: number }[]).map((r) => r.id)))
    expect(answered.filter((v) => !stored.has(v.id))).toEqual([])
    expect(answered.length).toBeGreaterThanOrEqual(5)
  }, 60_000)
})
