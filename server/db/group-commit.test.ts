import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './open'
import { createGroupCommit } from './group-commit'

const dir = mkdtempSync(join(tmpdir(), 'hotvote-group-commit-'))
const { db, sqlite } = openDatabase(join(dir, 'db.sqlite'))
sqlite.exec('create table t (n integer primary key)')
const other = new Database(join(dir, 'db.sqlite'))
afterAll(() => (other.close(), sqlite.close(), rmSync(dir, { recursive: true, force: true })))
const committed = () => (other.query('select count(*) as n from t').get() as { n: number }).n

describe('createGroupCommit', () => {
  it('runs the writes of one window (by default one turn of the event loop) in one transaction and settles each only after the commit', async () => {
    const group = createGroupCommit(db)
    const seenByOthers: number[] = []
    const writes = [1, 2, 3, 4].map((n) =>
      group.run(() => {
        sqlite.run('insert into t (n) values (?)', [n])
        seenByOthers.push(committed())
        return n
      }),
    )
    const settledAt = await Promise.all(writes.map((w) => w.then(() => committed())))
    expect(seenByOthers).toEqual([0, 0, 0, 0])
    expect(settledAt).toEqual([4, 4, 4, 4])
  })

  it('writes a full batch at once, without waiting for the window', async () => {
    const group = createGroupCommit(db, { windowMs: 60_000, max: 3 })
    await Promise.all([20, 21, 22].map((n) => group.run(() => sqlite.run('insert into t (n) values (?)', [n]))))
    expect(committed()).toBe(4 + 3)
  })

  it('rejects a write whose one statement fails or that throws before writing, and commits the others', async () => {
    const group = createGroupCommit(db)
    const results = await Promise.allSettled([
      group.run(() => sqlite.run('insert into t (n) values (30)')),
      group.run(() => sqlite.run('insert into t (n) values (30)')),
      group.run(() => {
        throw new Error('refused')
      }),
      group.run(() => sqlite.run('insert into t (n) values (31)')),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect(other.query('select n from t where n >= 30 order by n').all()).toEqual([{ n: 30 }, { n: 31 }])
  })

  it('fails the whole batch when a write ends the transaction, rather than write the rest outside it', async () => {
    const group = createGroupCommit(db)
    const results = await Promise.allSettled([
      group.run(() => sqlite.run('insert into t (n) values (40)')),
      group.run(() => {
        sqlite.run('rollback')
        throw new Error('the transaction is gone')
      }),
      group.run(() => sqlite.run('insert into t (n) values (41)')),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(other.query('select n from t where n >= 40').all()).toEqual([])
  })
})
