/** copyDatabase on a real database: a copy holding the rows written before it, streamed from a temp file that goes once read. */
import { afterAll, describe, expect, it } from 'bun:test'
import { Database as SqliteClient } from 'bun:sqlite'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertUser } from '../../../tests/support/rows'
import { eventually } from '../../../tests/support/server-db'
import { backupFileName, copyDatabase } from './admin-backup.service'

const t = makeTestDeps()
afterAll(t.cleanup)

describe('copyDatabase', () => {
  it('answers a copy of its size holding the rows written before it, and removes the temp file once the stream is read', async () => {
    await insertUser(t.sql, { username: 'in_the_backup' })
    const copy = await copyDatabase(t.deps)
    expect(readdirSync(t.deps.tmpDir)).toHaveLength(1)
    const bytes = new Uint8Array(await new Response(copy.body).arrayBuffer())
    expect(bytes.length).toBe(copy.size)
    if (copy.format.tool === 'VACUUM INTO') {
      expect(new TextDecoder().decode(bytes.slice(0, 15))).toBe('SQLite format 3')
      const file = join(t.dir, 'restored.sqlite')
      writeFileSync(file, bytes)
      const restored = new SqliteClient(file, { readonly: true })
      expect(restored.query("select count(*) as n from users where username = 'in_the_backup'").get()).toEqual({ n: 1 })
      restored.close()
    } else {
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('PGDMP')
    }
    await eventually(() => readdirSync(t.deps.tmpDir).length, 0)
  })
})

describe('backupFileName', () => {
  it('names the UTC time without colons and the extension', () => {
    expect(backupFileName(new Date('2026-11-22T08:05:09.123Z'))).toBe('hotvote-backup-2026-11-22T08-05-09Z.sqlite')
    expect(backupFileName(new Date('2026-11-22T08:05:09.123Z'), 'dump')).toBe('hotvote-backup-2026-11-22T08-05-09Z.dump')
  })
})
