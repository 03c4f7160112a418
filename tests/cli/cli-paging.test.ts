/** The CLI's list commands read every page of the admin lists (contract/admin/paging): more rows than the largest page. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN_PAGE_MAX } from '@contract/admin/paging'
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

const hotvote = (args: string[]) => runCli(args, work, { HOTVOTE_URL: server.url, HOTVOTE_ADMIN_PASSWORD: server.adminPassword })

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
})
