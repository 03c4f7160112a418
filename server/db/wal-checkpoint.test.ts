import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '../../tests/support/process-checks'
import { checkpointInBackground } from './wal-checkpoint'

const dir = mkdtempSync(join(tmpdir(), 'hotvote-wal-worker-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A blob spanning many pages: once the worker copies its commit, the database file holds at least its size. */
const BLOB_BYTES = 512 * 1024

describe('checkpointInBackground', () => {
  it('copies each commit into the database file, the ones after a quiet spell too, and stops', async () => {
    const path = join(dir, 'wal.sqlite')
    const sqlite = new Database(path)
    sqlite.exec('PRAGMA journal_mode = WAL')
    sqlite.exec('create table blobs (b blob)')
    const checkpointer = checkpointInBackground(sqlite, path)
    const insert = sqlite.prepare('insert into blobs values (?)')
    try {
      for (let commit = 1; commit <= 3; commit++) {
        insert.run(new Uint8Array(BLOB_BYTES))
        await waitFor(`commit ${commit} in the database file`, () => statSync(path).size >= commit * BLOB_BYTES)
        // No commit comes until the copy has been made: the worker then waits for the WAL to change.
      }
      expect(sqlite.query('select count(*) as n from blobs').get()).toEqual({ n: 3 })
    } finally {
      await checkpointer.stop()
      sqlite.close()
    }
  })
})
