/**
 * The CLI's list commands read every page of the admin lists (contract/admin/paging): more rows than the largest page,
 * page after page by X-Next-Cursor, so rows added at the top and removed while a command reads give no repeat or gap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN_PAGE_MAX } from '@contract/admin/paging'
import { routes } from '@contract/paths'
import { startServer, type TestServer } from '../support/browser'
import { runCli } from '../support/cli'
import { serverSql } from '../support/test-app'

/** Rows (and bucket objects) seeded: more than one page of the largest size. */
const ROWS = ADMIN_PAGE_MAX + 3
let server: TestServer
const work = mkdtempSync(join(tmpdir(), 'hotvote-cli-paging-'))
beforeAll(async () => {
  server = await startServer()
  const now = new Date().toISOString()
  const db = serverSql(server.dataDir)
  await db.run(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
     insert into dmca_takedowns (reference_number, status, complainant_name, complainant_email, copyright_owner, work_description, infringement_description, infringing_urls, electronic_signature, good_faith_statement, accuracy_statement, created_at, updated_at)
     select 'DMCA-C' || (10000 + i), 'pending', 'A', 'a@example.com', 'A', 'w', 'i', '[]', 'A', true, true, ?, ? from n`,
    now,
    now,
  )
  db.close()
  const dir = join(server.dataDir, 'bucket', 'media')
  mkdirSync(dir, { recursive: true })
  for (let i = 0; i < ROWS; i++) writeFileSync(join(dir, `object-${String(i).padStart(4, '0')}.jpg`), 'x')
})
afterAll(() => server?.stop())

const hotvote = (args: string[], url = server.url) => runCli(args, work, { HOTVOTE_URL: url, HOTVOTE_ADMIN_PASSWORD: server.adminPassword })

/**
 * A proxy to the server that runs between(answer) after each answer of the list at listPath and before passing it on,
 * so the CLI asks for its next page only once the list has changed. Answers the proxy's URL and stop().
 */
function changingProxy(listPath: string, between: (answer: unknown) => Promise<void>) {
  const proxy = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const res = await fetch(`${server.url}${url.pathname}${url.search}`, { method: req.method, headers: req.headers })
      if (url.pathname !== listPath || !res.ok) return res
      const body = await res.text()
      await between(JSON.parse(body))
      return new Response(body, { status: res.status, headers: res.headers })
    },
  })
  return { url: `http://127.0.0.1:${proxy.port}`, stop: () => proxy.stop(true) }
}

describe('hotvote list commands', () => {
  it('dmca ls lists every request, page after page', async () => {
    const r = await hotvote(['dmca', 'ls', '--json'])
    expect(r.code).toBe(0)
    const ids = (JSON.parse(r.stdout) as { id: number }[]).map((t) => t.id)
    expect(new Set(ids).size).toBe(ROWS)
  })

  it('bucket ls lists every object, page after page', async () => {
    const r = await hotvote(['bucket', 'ls', '--json'])
    expect(r.code).toBe(0)
    const answer = JSON.parse(r.stdout) as { files: { key: string }[]; provider: string }
    expect(answer.provider).toBe('fs')
    expect(new Set(answer.files.map((f) => f.key)).size).toBe(ROWS)
  })

  it('dmca ls lists every request that stays once while requests are filed and removed between its pages', async () => {
    const db = serverSql(server.dataDir)
    const before = (await db.all<{ id: number }>('select id from dmca_takedowns order by id desc')).map((r) => r.id)
    const removed: number[] = []
    let filed = 0
    // After each page: a request filed at the top (an offset would answer the page's last row again) and one not
    // reached yet removed.
    const proxy = changingProxy(routes.adminDmcaTakedowns, async (page) => {
      const now = new Date().toISOString()
      filed++
      await db.run(
        `insert into dmca_takedowns (reference_number, status, complainant_name, complainant_email, copyright_owner, work_description, infringement_description, infringing_urls, electronic_signature, good_faith_statement, accuracy_statement, created_at, updated_at)
         values (?, 'pending', 'A', 'a@example.com', 'A', 'w', 'i', '[]', 'A', true, true, ?, ?)`,
        `DMCA-LATE${filed}`,
        now,
        now,
      )
      const cursorRow = (page as { id: number }[]).at(-1)!.id
      const ahead = before.find((id) => id < cursorRow && !removed.includes(id))
      if (ahead !== undefined) {
        await db.run('delete from dmca_takedowns where id = ?', ahead)
        removed.push(ahead)
      }
    })
    try {
      const r = await hotvote(['dmca', 'ls', '--json'], proxy.url)
      expect(r.code).toBe(0)
      expect(filed).toBe(2)
      expect(removed).toHaveLength(1)
      expect((JSON.parse(r.stdout) as { id: number }[]).map((t) => t.id)).toEqual(before.filter((id) => !removed.includes(id)))
    } finally {
      proxy.stop()
      db.close()
    }
  })

  it('bucket ls lists every object once while objects are added first and removed between its pages', async () => {
    const dir = join(server.dataDir, 'bucket', 'media')
    const listed = await hotvote(['bucket', 'ls', '--json'])
    const before = (JSON.parse(listed.stdout) as { files: { key: string }[] }).files.map((f) => f.key)
    let added = 0
    // After each page: an object added that sorts first, and the page's last two objects removed, the cursor's own
    // among them (an offset would skip an object).
    const proxy = changingProxy(routes.adminBucketFiles, async (page) => {
      added++
      writeFileSync(join(dir, `aaa-${added}.jpg`), 'x')
      for (const file of (page as { files: { key: string }[] }).files.slice(-2)) rmSync(join(server.dataDir, 'bucket', file.key))
    })
    try {
      const r = await hotvote(['bucket', 'ls', '--json'], proxy.url)
      expect(r.code).toBe(0)
      expect(added).toBe(2)
      expect((JSON.parse(r.stdout) as { files: { key: string }[] }).files.map((f) => f.key)).toEqual(before)
    } finally {
      proxy.stop()
    }
  })
})
