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
    // 3 visitors x 4 items: 12 pairs, used up in the first milliseconds of each measurement.
    const seeded = seedDatabase(path, { media: 4, votes: 0, fresh: 3 })
    const { perTransaction, batched } = rawVoteInsertRate(path, seeded, 0.2)
    expect(perTransaction * 0.2).toBeGreaterThan(12 * 10)
    expect(batched * 0.2).toBeGreaterThanOrEqual(5000)
  })
})
