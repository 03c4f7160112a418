/**
 * createBatchedLoader (server/db/batched-loader.ts): the keys of one event-loop turn read as one batch, each caller
 * answered its own value, batches capped at max, and a failed or short batch rejecting every caller in it.
 */
import { describe, expect, it } from 'bun:test'
import { createBatchedLoader } from './batched-loader'

/** A batch reader that records each batch and answers each key doubled, or throws for a batch holding a key fails() names. */
function recordingReader(fails: (key: number) => boolean = () => false) {
  const batches: number[][] = []
  const read = async (keys: number[]) => {
    batches.push(keys)
    if (keys.some(fails)) throw new Error(`key ${keys.find(fails)} failed`)
    return keys.map((n) => n * 2)
  }
  return { batches, read }
}

describe('createBatchedLoader', () => {
  it('reads the keys handed in during one turn of the event loop as one batch and answers each its own value', async () => {
    const r = recordingReader()
    const loader = createBatchedLoader(r.read)
    expect(await Promise.all([1, 2, 3].map((n) => loader.load(n)))).toEqual([2, 4, 6])
    expect(r.batches).toEqual([[1, 2, 3]])
  })

  it('answers a lone key on its own', async () => {
    const r = recordingReader()
    const loader = createBatchedLoader(r.read)
    expect(await loader.load(5)).toBe(10)
    expect(await loader.load(6)).toBe(12)
    expect(r.batches).toEqual([[5], [6]])
  })

  it('puts at most `max` keys in one batch', async () => {
    const r = recordingReader()
    const loader = createBatchedLoader(r.read, { max: 2 })
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => loader.load(n)))).toEqual([2, 4, 6, 8, 10])
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]])
  })

  it('rejects every caller of a failed batch and reads the next batch as usual', async () => {
    const r = recordingReader((n) => n === 2)
    const loader = createBatchedLoader(r.read)
    const answers = await Promise.allSettled([1, 2, 3].map((n) => loader.load(n)))
    expect(answers.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : a.value))).toEqual([
      'key 2 failed',
      'key 2 failed',
      'key 2 failed',
    ])
    expect(await loader.load(4)).toBe(8)
  })

  it('rejects every caller when the batch answers a different number of values than keys', async () => {
    const loader = createBatchedLoader(async (keys: number[]) => keys.slice(1))
    const answers = await Promise.allSettled([1, 2].map((n) => loader.load(n)))
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected'])
  })
})
