/** The raw-insert baseline never runs out of distinct (user, item) pairs, however few items the bench seeds. */
import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedDatabase } from './seed'
import { rawVoteInsertRate } from './raw-inserts'

const dir = mkdtempSync(join(tmpdir(), 'hotvote-raw-inserts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('rawVoteInsertRate', () => {
  it('keeps inserting distinct pairs long after the fresh visitors have voted on every item', () => {
    const path = join(dir, 'hotvote.sqlite')
    // 3 visitors x 4 items: 12 pairs. One 5,000-row transaction alone needs hundreds of new blocks of users; a pair
    // used twice would fail the votes table's unique (user, item) index and throw. Counts, not rates: a busy machine
    // inserts fewer rows in the time given, never a repeated pair.
    const seeded = seedDatabase(path, { media: 4, votes: 0, fresh: 3 })
    const { perTransaction, batched, rows } = rawVoteInsertRate(path, seeded, 0.2)
    expect(rows.perTransaction).toBeGreaterThanOrEqual(1)
    expect(rows.batched).toBeGreaterThanOrEqual(5000)
    expect(rows.batched % 5000).toBe(0)
    expect(perTransaction).toBeGreaterThan(0)
    expect(batched).toBeGreaterThan(0)
  })
})
