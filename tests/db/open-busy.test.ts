/**
 * Opening the database while another process holds the file's lock for a moment (an instance still shutting down, a
 * CLI): openDatabase waits for it (busy_timeout) instead of failing at start with SQLITE_BUSY.
 */
import { afterAll, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Database } from 'bun:sqlite'
import { openDatabase } from '../../server/db/open'

const dir = mkdtempSync(join(tmpdir(), 'hv-open-busy-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('waits for a lock another process holds, then opens the file in WAL mode', async () => {
  const path = join(dir, 'hotvote.sqlite')
  // A file in rollback-journal mode, so switching it to WAL needs the lock the other process holds.
  new Database(path, { create: true }).close()
  const holder = Bun.spawn(
    [
      process.execPath,
      '-e',
      `const { Database } = require('bun:sqlite'); const db = new Database(${JSON.stringify(path)}); db.exec('BEGIN EXCLUSIVE'); console.log('locked'); setTimeout(() => { db.exec('COMMIT'); db.close() }, 500)`,
    ],
    { stdout: 'pipe' },
  )
  const reader = holder.stdout.getReader()
  let said = ''
  while (!said.includes('locked')) {
    const { value, done } = await reader.read()
    if (done) throw new Error('the lock holder ended before it held the lock')
    said += new TextDecoder().decode(value)
  }
  const { sqlite } = openDatabase(path)
  expect(sqlite.query('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
  sqlite.close()
  expect(await holder.exited).toBe(0)
})
