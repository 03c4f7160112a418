/**
 * The SQLite migrations keep the history existing databases hold: drizzle's migrator applies a migration whose journal
 * time is later than the newest one recorded in __drizzle_migrations, so the migrations a database made by an earlier
 * version recorded must keep their times (and files) wherever the folder lives, and reopening applies nothing again.
 */
import { afterAll, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@server/db/open'

/** (hash, created_at) of each migration as databases made before the PostgreSQL migrations existed recorded them. */
const RECORDED = [
  ['73b18076aa96568447db7df4163b05ce4c9324c0e527c1da7f29854c78e3477d', 1795361463911],
  ['966eb3964c7a8a14b90ed1ab6cbcb4199101765707fbdef9fc5cd86c57e50d82', 1795499777851],
  ['cd387b6dc6fe9752ed6c7cb34a64d8da8b87f8bdd27dafc0f08794a6039f62c4', 1795500825628],
  ['4e7fe29274058a22eb5e6b3848e6f9a1abd76453961fdd27c1301bd34eca4c80', 1795504591308],
  ['b03658e878790594a6f81a0093c8f2dfa8f1829259cf98972584c7286d597a0d', 1795504592076],
  ['164d4bef4dffe74d5d72e43ba107ee72a4dfb77a5223da72f3f96477ff7ca274', 1795596308638],
  ['6da40cd3f9e80b74feabf1d5b9ebed05db83b2d1a99d3cc9f7b697bd946d34c7', 1795597406405],
  ['a4faa6d15e5e60d9d9e4cd1a107f8560edd0f628a17bab77e7d5dae8ad95f448', 1795597407497],
] as const

const dir = mkdtempSync(join(tmpdir(), 'hotvote-sqlite-migrations-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const recorded = (path: string) => {
  const { sqlite } = openDatabase(path)
  try {
    return (
      sqlite.query('select hash, created_at from __drizzle_migrations order by id').all() as { hash: string; created_at: number }[]
    ).map((r) => [r.hash, r.created_at])
  } finally {
    sqlite.close()
  }
}

it('records the same migrations, hashes and times as earlier versions did, and applies none again on reopening', () => {
  const path = join(dir, 'hotvote.sqlite')
  const first = recorded(path)
  expect(first.slice(0, RECORDED.length)).toEqual(RECORDED.map((r) => [...r]))
  expect(recorded(path)).toEqual(first)
})
