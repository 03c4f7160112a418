import { describe, expect, it } from 'bun:test'
import { createPgGroupCommit } from './pg-group-commit'

/** A batch writer that records each batch and finishes it when told (release), answering each item doubled. */
function recordingWriter(fails: (item: number) => boolean = () => false) {
  const batches: number[][] = []
  const waiting: (() => void)[] = []
  const write = (items: number[]) => {
    batches.push(items)
    return new Promise<number[]>((resolve, reject) =>
      waiting.push(() => (items.some(fails) ? reject(new Error(`item ${items.find(fails)} failed`)) : resolve(items.map((n) => n * 2)))),
    )
  }
  const releaseAll = () => waiting.splice(0).forEach((finish) => finish())
  return { batches, write, releaseAll, inFlight: () => waiting.length }
}

/** Waits until check() holds, turn by turn of the event loop (at most 1,000 turns). */
async function turnsUntil(check: () => boolean) {
  for (let turn = 0; turn < 1000 && !check(); turn++) await new Promise((resolve) => setImmediate(resolve))
  expect(check()).toBe(true)
}

describe('createPgGroupCommit', () => {
  it('writes the items handed in during one turn of the event loop as one batch and answers each its own outcome', async () => {
    const w = recordingWriter()
    const group = createPgGroupCommit(w.write)
    const answers = Promise.all([1, 2, 3].map((n) => group.run(n)))
    await turnsUntil(() => w.inFlight() === 1)
    w.releaseAll()
    expect(await answers).toEqual([2, 4, 6])
    expect(w.batches).toEqual([[1, 2, 3]])
  })

  it('keeps at most `concurrency` batches in flight and writes what arrived meanwhile together as the next batch', async () => {
    const w = recordingWriter()
    const group = createPgGroupCommit(w.write, { concurrency: 1 })
    const first = group.run(1)
    await turnsUntil(() => w.inFlight() === 1)
    const later = [2, 3, 4].map((n) => group.run(n))
    await new Promise((resolve) => setImmediate(resolve))
    expect(w.batches).toEqual([[1]])
    w.releaseAll()
    expect(await first).toBe(2)
    await turnsUntil(() => w.inFlight() === 1)
    w.releaseAll()
    expect(await Promise.all(later)).toEqual([4, 6, 8])
    expect(w.batches).toEqual([[1], [2, 3, 4]])
  })

  it('puts at most `max` items in one batch', async () => {
    const w = recordingWriter()
    const group = createPgGroupCommit(w.write, { max: 2, concurrency: 2 })
    const answers = Promise.all([1, 2, 3].map((n) => group.run(n)))
    await turnsUntil(() => w.inFlight() === 2)
    w.releaseAll()
    expect(await answers).toEqual([2, 4, 6])
    expect(w.batches).toEqual([[1, 2], [3]])
  })

  it('writes a failed batch again one item at a time, so only the failing item rejects', async () => {
    const w = recordingWriter((n) => n === 2)
    const group = createPgGroupCommit(w.write)
    const answers = Promise.allSettled([1, 2, 3].map((n) => group.run(n)))
    await turnsUntil(() => w.inFlight() === 1)
    w.releaseAll()
    await turnsUntil(() => w.inFlight() === 3)
    w.releaseAll()
    const settled = await answers
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([2, 'item 2 failed', 6])
    expect(w.batches).toEqual([[1, 2, 3], [1], [2], [3]])
  })
})
