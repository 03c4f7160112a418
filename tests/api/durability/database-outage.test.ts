import { afterAll, beforeAll, expect, it } from 'bun:test'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { migratePostgres, openPool } from '@server/db/open-postgres'
import { withIdempotencyKey } from '@server/http/idempotency'
import type { Database } from '@server/db/database'
import { paths } from '@contract/paths'
import { DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS } from '@server/http/errors'
import { describePostgres } from '../../support/postgres'
import { eventually } from '../../support/server-db'
import { call, makeTestApp, makeVisitor, newSessionId } from '../../support/test-app'

/** A TCP proxy in front of url's server that the test can cut (every connection closed, new ones refused) and restore. */
async function cuttableProxy(url: string) {
  const target = new URL(url)
  const open = new Set<Socket>()
  let down = false
  const server: Server = createServer((client) => {
    if (down) return void client.destroy()
    const upstream = connect(Number(target.port || 5432), target.hostname)
    for (const s of [client, upstream]) open.add(s), s.on('close', () => open.delete(s)), s.on('error', () => {})
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxied = new URL(url)
  proxied.hostname = '127.0.0.1'
  proxied.port = String((server.address() as { port: number }).port)
  return {
    url: proxied.toString(),
    cut: () => ((down = true), open.forEach((s) => s.destroy())),
    restore: () => void (down = false),
    close: () => (open.forEach((s) => s.destroy()), server.close()),
  }
}

describePostgres('a server whose PostgreSQL goes away', (pg) => {
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>
  let db: Database
  let t: ReturnType<typeof makeTestApp>
  beforeAll(async () => {
    await migratePostgres(pg.url)
    proxy = await cuttableProxy(pg.url)
    db = { dialect: 'postgres', ...openPool(proxy.url) }
    t = makeTestApp({}, { db })
  })
  afterAll(async () => {
    await db.close()
    proxy.close()
    t.cleanup()
  })

  it('answers 503 while the database is unreachable and recovers without a restart when it returns', async () => {
    expect((await call(t.app, 'GET', paths.ready())).status).toBe(200)
    await makeVisitor(t.app)

    proxy.cut()
    const ready = await call(t.app, 'GET', paths.ready())
    expect(ready.status).toBe(503)
    expect(ready.json.checks.storage).toBe('ok')
    const session = await call(t.app, 'POST', paths.session(), { sessionId: newSessionId() })
    expect(session.status).toBe(503)
    expect(session.json).toMatchObject({ error: DATABASE_UNAVAILABLE, requestId: expect.any(String) })
    expect(session.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS))

    proxy.restore()
    await eventually(async () => (await call(t.app, 'GET', paths.ready())).status, 200)
    await makeVisitor(t.app)
  })

  it('frees an Idempotency-Key claim whose release failed while the database was away, once it is back', async () => {
    const visitor = await makeVisitor(t.app)
    const now = () => new Date().toISOString()
    // The first request loses the database while it runs: its answer is an error and its claim cannot be released then.
    const first = withIdempotencyKey(db, visitor.user.id, 'outage-key', now(), async () => {
      proxy.cut()
      throw new Error('the database went away')
    })
    expect(first).rejects.toThrow()
    await first.catch(() => {})
    proxy.restore()
    // The client's retry takes the claim over and runs, instead of waiting for a claim nobody holds.
    const retry = await withIdempotencyKey(db, visitor.user.id, 'outage-key', now(), async () => ({ status: 201, body: { ran: true } }))
    expect(retry).toEqual({ status: 201, body: { ran: true } })
  })
})
