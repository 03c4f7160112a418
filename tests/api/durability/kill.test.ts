/**
 * Durability with real processes (data safety): the server is killed with SIGKILL during a stream of
 * votes, a large upload, vote population and an export, then restarted on the same data folder. After the restart
 * the database passes `PRAGMA integrity_check`, every vote that got a 2xx is there, no media row lacks its object
 * and no object lacks its row, and the scratch folders are empty.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { startServer, type TestServer } from '../../support/browser'
import { FIXTURES_DIR } from '../../support/builders'
import { withServerDb } from '../../support/server-db'
import { expectConsistentDataDir, filesUnder, slowUpload, waitFor } from '../../support/process-checks'
import { newSessionId, TEST_DIALECT } from '../../support/test-app'

const dirs: string[] = []
const procs: Subprocess[] = []
afterAll(() => {
  for (const proc of procs) if (proc.exitCode === null) proc.kill('SIGKILL')
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
})
/** Starts a server on dir (default: a fresh folder); anything left running is killed after the file. */
async function serve(dir?: string): Promise<TestServer> {
  if (!dir) dirs.push((dir = mkdtempSync(join(tmpdir(), 'hotvote-durability-'))))
  const server = await startServer({ DATA_DIR: dir })
  procs.push(server.proc)
  return server
}
/** kill -9, then a new server on the same data folder. */
async function killAndRestart(server: TestServer): Promise<TestServer> {
  server.proc.kill('SIGKILL')
  await server.proc.exited
  return serve(server.dataDir)
}

/** A visitor on server: id and cookie. */
async function visitor(server: TestServer) {
  const sessionId = newSessionId()
  const r = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  })
  return { id: ((await r.json()) as { id: number }).id, cookie: `sid=${sessionId}` }
}
/** Uploads fixture as v; answers the media id. */
async function upload(server: TestServer, v: { id: number; cookie: string }, fixture: string): Promise<number> {
  const form = new FormData()
  form.append('userId', String(v.id))
  form.append('file', Bun.file(join(FIXTURES_DIR, fixture)), fixture)
  const r = await fetch(`${server.url}/api/media/upload`, {
    method: 'POST',
    headers: { cookie: v.cookie, 'sec-fetch-site': 'same-origin' },
    body: form,
  })
  expect(r.status).toBe(201)
  return ((await r.json()) as { media: { id: number } }).media.id
}
const count = (server: TestServer, sql: string) => withServerDb(server, (db) => (db.query(sql).get() as { n: number }).n)

// SQLite only: it opens the server's SQLite file to check what survived.
describe.if(TEST_DIALECT === 'sqlite')('kill -9 and restart', () => {
  it('during a stream of votes: every vote answered 2xx is kept', async () => {
    let server = await serve()
    const owner = await visitor(server)
    const items = [
      await upload(server, owner, 'tabby-cat.png'),
      await upload(server, owner, 'yellow-daisy.webp'),
      await upload(server, owner, 'paint-brushes.gif'),
    ]
    // Enough votes that the kill comes mid-stream even with group commit (450 pairs; the kill follows the 30th answer).
    const voters = await Promise.all(Array.from({ length: 150 }, () => visitor(server)))
    const acked: { userId: number; mediaId: number; isHot: boolean }[] = []
    const sent: Promise<unknown>[] = []
    const queue = voters.flatMap((v) => items.map((mediaId) => ({ v, vote: { userId: v.id, mediaId, isHot: (v.id + mediaId) % 2 === 0 } })))
    // Eight senders in parallel, so votes are in flight when the kill comes.
    for (let lane = 0; lane < 8; lane++) {
      sent.push(
        (async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const r = await fetch(`${server.url}/api/votes`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: next.v.cookie, 'sec-fetch-site': 'same-origin' },
              body: JSON.stringify(next.vote),
            }).catch(() => undefined)
            if (!r) return
            if (r.status === 201 || r.status === 200) acked.push(next.vote)
          }
        })(),
      )
    }
    await waitFor('30 acknowledged votes', () => acked.length >= 30)
    server = await killAndRestart(server)
    await Promise.all(sent)
    expect(queue.length).toBeGreaterThan(0)
    const kept = withServerDb(
      server,
      (db) =>
        db.query('select user_id as userId, media_id as mediaId, is_hot as isHot from votes').all() as {
          userId: number
          mediaId: number
          isHot: number
        }[],
    )
    const keys = new Set(kept.map((k) => `${k.userId}/${k.mediaId}/${Boolean(k.isHot)}`))
    expect(acked.filter((a) => !keys.has(`${a.userId}/${a.mediaId}/${a.isHot}`))).toEqual([])
    await server.stop()
    expectConsistentDataDir(server.dataDir)
  })

  it('during a large upload: no media row, no object and no temp file remain', async () => {
    let server = await serve()
    const v = await visitor(server)
    // 18 MB that sniff as MP4: a real MP4's first bytes, then padding.
    const mp4 = await Bun.file(join(FIXTURES_DIR, 'forest-path-zoom.mp4')).bytes()
    const bytes = new Uint8Array(18 * 1024 * 1024)
    bytes.set(mp4)
    const inFlight = slowUpload(server.url, { cookie: v.cookie, userId: v.id, fileName: 'big.mp4', bytes, first: 8 * 1024 * 1024 })
    await waitFor('4 MB spooled', () =>
      filesUnder(join(server.dataDir, 'tmp')).some((f) => statSync(join(server.dataDir, 'tmp', f)).size > 4 * 1024 * 1024),
    )
    server = await killAndRestart(server)
    expect((await inFlight.response).status).toBe(0)
    expect(count(server, 'select count(*) as n from media')).toBe(0)
    await server.stop()
    expectConsistentDataDir(server.dataDir)
  })

  it('during an upload being written into the bucket: media rows and objects still match', async () => {
    let server = await serve()
    const v = await visitor(server)
    const bytes = await Bun.file(join(FIXTURES_DIR, 'forest-path-zoom.mp4')).bytes()
    const inFlight = slowUpload(server.url, { cookie: v.cookie, userId: v.id, fileName: 'zoom.mp4', bytes, first: bytes.length })
    let answered = false
    inFlight.response.then(() => (answered = true))
    inFlight.finish()
    // The pipeline (ffmpeg) runs before the bucket write: on a busy machine that alone can take tens of seconds.
    await waitFor('the bucket write to start', () => answered || filesUnder(join(server.dataDir, 'bucket')).length > 0, 90_000)
    server = await killAndRestart(server)
    await server.stop()
    expectConsistentDataDir(server.dataDir)
  })

  it('during vote population: the saved progress matches the votes, and population then completes', async () => {
    let server = await serve()
    const owner = await visitor(server)
    // 150 tiny items, each with its object, so population takes many calls.
    withServerDb(server, (db) => {
      mkdirSync(join(server.dataDir, 'bucket', 'media', 'seed'), { recursive: true })
      const insert = db.prepare(
        "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.gif', 'image/gif', 1, ?, '2026-11-22T00:00:00.000Z')",
      )
      for (let i = 1; i <= 150; i++) {
        writeFileSync(join(server.dataDir, 'bucket', 'media', 'seed', `${i}.gif`), 'x')
        insert.run(owner.id, `media/seed/${i}.gif`, `seed${i}`)
      }
    })
    const populate = () =>
      fetch(`${server.url}/api/admin/populate-votes`, { method: 'POST', headers: { authorization: server.adminAuth } }).then(
        (r) => r.json() as Promise<{ paused: boolean }>,
        () => undefined,
      )
    const first = await populate()
    expect(first).toMatchObject({ paused: true })
    const afterFirst = count(server, 'select count(*) as n from votes')
    let calling = true
    const loop = (async () => {
      while (calling && (await populate())?.paused);
    })()
    await waitFor('population to move on', () => count(server, 'select count(*) as n from votes') > afterFirst)
    server = await killAndRestart(server)
    calling = false
    await loop
    const state = withServerDb(
      server,
      (db) =>
        db.query('select total_votes_inserted as total, media_processed as items from vote_population_state').get() as {
          total: number
          items: number
        },
    )
    expect(state.total).toBe(count(server, 'select count(*) as n from votes'))
    expect(state.items).toBe(count(server, 'select count(distinct media_id) as n from votes'))
    while ((await populate())?.paused);
    expect(
      count(server, 'select count(*) as n from (select media_id from votes group by media_id having count(*) between 10 and 50)'),
    ).toBe(150)
    await server.stop()
    expectConsistentDataDir(server.dataDir)
  })

  it('during an export: the database is intact and unchanged', async () => {
    let server = await serve()
    mkdirSync(join(server.dataDir, 'bucket', 'media', 'seed'), { recursive: true })
    for (let i = 1; i <= 100; i++) writeFileSync(join(server.dataDir, 'bucket', 'media', 'seed', `${i}.jpg`), 'x')
    withServerDb(server, (db) => {
      db.run(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) insert into users (session_id, username, created_at) select 'voter' || i, 'voter' || i, '2026-11-22' from n`,
      )
      db.run(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) select 1, 'media/seed/' || i || '.jpg', 'x.jpg', 'image/jpeg', 1, 'h' || i, '2026-11-22' from n`,
      )
      db.run(
        `insert into votes (user_id, media_id, is_hot, created_at) select u.id, m.id, (u.id + m.id) % 2, '2026-11-22' from users u, media m`,
      )
    })
    const r = await fetch(`${server.url}/api/admin/export-votes`, { headers: { authorization: server.adminAuth } })
    expect(r.status).toBe(200)
    const reader = r.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    server = await killAndRestart(server)
    await reader.cancel().catch(() => {})
    expect(count(server, 'select count(*) as n from votes')).toBe(50_000)
    await server.stop()
    expectConsistentDataDir(server.dataDir)
  })
})

// A database killed mid-write opens read-only here to prove the file itself (not just the server) is readable.
// SQLite only: it opens every data folder's SQLite file.
it.if(TEST_DIALECT === 'sqlite')('leaves every data folder openable by sqlite', () => {
  for (const dir of dirs)
    expect(new Database(join(dir, 'hotvote.sqlite'), { readonly: true }).query('pragma quick_check').get()).toEqual({ quick_check: 'ok' })
})
