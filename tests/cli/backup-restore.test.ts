/** `hotvote backup` and `hotvote restore` run as real processes against real servers. */
import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../support/browser'
import { adminGet, newVisitor, seedUploads } from '../support/seed'
import { runCli } from '../support/cli'
import { serverDatabaseUrl, serverSql, TEST_DIALECT } from '../support/test-app'

const work = mkdtempSync(join(tmpdir(), 'hotvote-backup-'))
const running: TestServer[] = []
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()))
  rmSync(work, { recursive: true, force: true })
})

/** Starts a server whose data stays in dataDir after it stops (startServer removes only its own temp dir). */
const serverOn = async (dataDir: string) => {
  const s = await startServer({ DATA_DIR: dataDir })
  running.push(s)
  return s
}
const stop = async (s: TestServer) => (running.splice(running.indexOf(s), 1), s.stop())
const hotvote = (server: TestServer, args: string[]) =>
  runCli(args, work, { HOTVOTE_URL: server.url, HOTVOTE_ADMIN_PASSWORD: server.adminPassword })

/** One visitor's votes on every media id; answers the visitor. */
async function vote(server: TestServer, mediaIds: number[]) {
  const v = await newVisitor(server)
  for (const mediaId of mediaIds) {
    const res = await fetch(`${server.url}/api/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: v.cookie, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ userId: v.id, mediaId, isHot: mediaId % 2 === 0 }),
    })
    if (res.status >= 300) throw new Error(`vote: ${res.status} ${await res.text()}`)
  }
  return v
}

/** Counts and the first rows of the tables a restore must bring back, read from a database file. */
function snapshot(file: string) {
  const db = new Database(file, { readonly: true })
  const count = (t: string) => (db.query(`select count(*) as n from ${t}`).get() as { n: number }).n
  const result = {
    counts: { users: count('users'), media: count('media'), votes: count('votes'), views: count('views') },
    users: db.query('select id, session_id, username from users order by id limit 5').all(),
    media: db.query('select id, storage_key, sha256, size from media order by id').all(),
    votes: db.query('select * from votes order by id limit 10').all(),
  }
  db.close()
  return result
}

// SQLite only: the backup is the SQLite file (PostgreSQL's pg_dump archive: tests/api/admin/backup.test.ts).
describe.if(TEST_DIALECT === 'sqlite')('hotvote backup and restore', () => {
  it('round trip: a backup of a running server, restored into another data folder, brings back the same rows and sessions, with no session id in clear', async () => {
    const dirA = mkdtempSync(join(work, 'a-'))
    const a = await serverOn(dirA)
    const { mediaIds } = await seedUploads(a, ['tabby-cat.png', 'yellow-daisy.webp', 'storm-over-highway.jpg'])
    const voters = []
    for (let i = 0; i < 4; i++) voters.push(await vote(a, mediaIds))
    const file = join(work, 'round-trip.sqlite')
    const backup = await hotvote(a, ['--json', 'backup', '-o', file])
    expect(backup.code).toBe(0)
    const backupBytes = readFileSync(file).toString('latin1')
    expect(voters.filter((v) => backupBytes.includes(v.cookie.slice('sid='.length)))).toEqual([])
    expect(JSON.parse(backup.stdout)).toMatchObject({
      file,
      users: 5,
      media: 3,
      votes: 12,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    await stop(a)
    const before = snapshot(join(dirA, 'hotvote.sqlite'))

    const dirB = mkdtempSync(join(work, 'b-'))
    const b = await serverOn(dirB)
    await newVisitor(b)
    await stop(b)
    const restore = await hotvote(b, ['--json', 'restore', file, '--data-dir', dirB])
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    const result = JSON.parse(restore.stdout)
    expect(result).toMatchObject({ restored: join(dirB, 'hotvote.sqlite'), users: 5, media: 3, votes: 12 })
    expect(snapshot(result.keptOldAs).counts.users).toBe(1)

    const c = await serverOn(dirB)
    expect(snapshot(join(dirB, 'hotvote.sqlite'))).toEqual(before)
    expect((await adminGet<{ id: number }[]>(c, '/api/admin/media')).map((m) => m.id).sort()).toEqual(mediaIds.sort())
    for (const v of voters)
      expect(await (await fetch(`${c.url}/api/session`, { headers: { cookie: v.cookie } })).json()).toMatchObject({ id: v.id })
    await stop(c)
  })

  it('takes a consistent backup while votes are being written', async () => {
    const server = await serverOn(mkdtempSync(join(work, 'busy-')))
    const { mediaIds } = await seedUploads(server, ['tabby-cat.png', 'yellow-daisy.webp'])
    let writing = true
    const writer = (async () => {
      while (writing) await vote(server, mediaIds)
    })()
    await vote(server, mediaIds)
    const file = join(work, 'busy.sqlite')
    const backup = await hotvote(server, ['--json', 'backup', '-o', file])
    writing = false
    await writer
    expect(backup.code).toBe(0)
    const copy = new Database(file, { readonly: true })
    expect(copy.query('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' })
    expect(copy.query('pragma foreign_key_check').all()).toEqual([])
    // Every visitor in the copy has both votes: a vote pair is written by one visitor one call after the other, so at most the last pair is cut.
    const perVoter = copy.query('select count(*) as n from votes group by user_id').all() as { n: number }[]
    expect(perVoter.length).toBeGreaterThan(0)
    expect(perVoter.filter((r) => r.n !== mediaIds.length).length).toBeLessThanOrEqual(1)
    copy.close()
    await stop(server)
  })

  it('restore refuses a file that is not a HotVote database, and refuses while the server runs', async () => {
    const dataDir = mkdtempSync(join(work, 'refuse-'))
    const server = await serverOn(dataDir)
    const text = join(work, 'notes.sqlite')
    writeFileSync(text, 'just some text, not a database\n'.repeat(100))
    const other = join(work, 'other.sqlite')
    new Database(other, { create: true }).exec('create table t (x)')

    const whileRunning = await hotvote(server, ['restore', text, '--data-dir', dataDir])
    expect(whileRunning.code).toBe(1)
    expect(whileRunning.stderr).toContain(`a server answers at ${server.url}: stop it before restoring`)
    await stop(server)
    // Read after the stop: a graceful stop checkpoints the WAL into the database file.
    const original = readFileSync(join(dataDir, 'hotvote.sqlite'))

    const notSqlite = await hotvote(server, ['restore', text, '--data-dir', dataDir])
    expect(notSqlite.code).toBe(1)
    expect(notSqlite.stderr).toContain(`${text}: not a SQLite database`)
    const notHotVote = await hotvote(server, ['restore', other, '--data-dir', dataDir])
    expect(notHotVote.code).toBe(1)
    expect(notHotVote.stderr).toContain(`${other}: not a HotVote database (no users, media, votes, __drizzle_migrations table)`)
    expect(readFileSync(join(dataDir, 'hotvote.sqlite'))).toEqual(original)
    expect((await hotvote(server, ['restore', join(work, 'nope.sqlite'), '--data-dir', dataDir])).code).toBe(2)
  })
})

describe.if(TEST_DIALECT === 'postgres')('hotvote backup and restore on PostgreSQL', () => {
  /** Counts and the first rows of the tables a restore must bring back, read from a server's database. */
  async function pgSnapshot(dataDir: string) {
    const db = serverSql(dataDir)
    const count = async (t: string) => (await db.get<{ n: number }>(`select count(*) as n from ${t}`))!.n
    const result = {
      counts: { users: await count('users'), media: await count('media'), votes: await count('votes') },
      users: await db.all('select id, session_id, username from users order by id limit 5'),
      votes: await db.all('select * from votes order by id limit 10'),
    }
    db.close()
    return result
  }

  it('round trip: a pg_dump archive of a running server, restored with pg_restore into another database, brings back the same rows', async () => {
    const dirA = join(work, 'pg-a')
    const a = await serverOn(dirA)
    const { mediaIds } = await seedUploads(a, ['tabby-cat.png', 'yellow-daisy.webp'])
    await vote(a, mediaIds)
    const file = join(work, 'round-trip.dump')
    const backup = await hotvote(a, ['backup', '-o', file, '--json'])
    expect(backup.code).toBe(0)
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, format: 'pg_dump' })
    const before = await pgSnapshot(dirA)
    await stop(a)

    const dirB = join(work, 'pg-b')
    const restored = await runCli(['restore', file, '--json'], work, {
      DATABASE_URL: serverDatabaseUrl(dirB)!,
      HOTVOTE_URL: 'http://127.0.0.1:1',
    })
    expect(restored).toMatchObject({ code: 0, stderr: '' })
    expect(await pgSnapshot(dirB)).toEqual(before)
  })

  it('says in one line that pg_restore is missing when it is not on PATH', async () => {
    const file = join(work, 'any.dump')
    writeFileSync(file, 'PGDMP')
    // A PATH that holds bun and nothing else.
    const bin = join(work, 'only-bun')
    mkdirSync(bin, { recursive: true })
    symlinkSync(process.execPath, join(bin, 'bun'))
    const r = await runCli(['restore', file], work, {
      DATABASE_URL: serverDatabaseUrl(join(work, 'pg-c'))!,
      HOTVOTE_URL: 'http://127.0.0.1:1',
      PATH: bin,
    })
    expect(r.code).not.toBe(0)
    expect(r.stderr.trim()).toEndWith(
      'pg_restore is not on PATH: install the PostgreSQL client tools (for example apt install postgresql-client) to restore into DATABASE_URL',
    )
  })
})
