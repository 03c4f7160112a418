/**
 * Batched reads: each caller hands in one key, and the keys handed in during one turn of the event loop go to the
 * database together, as one statement that answers every key (loadBatch). Under load many requests of one instance
 * wait on the same kind of read at once; together they pay one round trip and one statement's fixed cost instead of
 * one each. A lone key waits for nothing but the next turn of the event loop. A batch that fails rejects every caller
 * in it (a read has nothing to undo, so nothing is run again one by one); the batches after it run as usual.
 */

/** Most keys in one batch: the batch goes at once when it has this many. */
export const BATCHED_LOADER_MAX = 64

/** A batched loader: load(key) answers key's value once the batch holding it has been read. */
export type BatchedLoader<K, V> = { load(key: K): Promise<V> }

type Pending<K, V> = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }

/**
 * A batched loader over loadBatch, which reads the values of a batch of keys in one go and answers one value per key,
 * in the keys' order (or throws: every caller of the batch then rejects with that error). Batches run concurrently
 * (the pool bounds the statements in flight); one starts on the next turn of the event loop after its first key, or
 * at once when it holds max keys.
 */
export function createBatchedLoader<K, V>(loadBatch: (keys: K[]) => Promise<V[]>, { max = BATCHED_LOADER_MAX } = {}): BatchedLoader<K, V> {
  let queue: Pending<K, V>[] = []
  let scheduled = false
  const run = async (batch: Pending<K, V>[]) => {
    try {
      const values = await loadBatch(batch.map((p) => p.key))
      if (values.length !== batch.length) throw new Error(`batched loader: ${values.length} values for ${batch.length} keys`)
      batch.forEach((p, i) => p.resolve(values[i]))
    } catch (error) {
      for (const p of batch) p.reject(error)
    }
  }
  const flush = () => {
    scheduled = false
    const batch = queue
    queue = []
    if (batch.length) void run(batch)
  }
  return {
    load: (key) =>
      new Promise<V>((resolve, reject) => {
        queue.push({ key, resolve, reject })
        if (queue.length >= max) flush()
        else if (!scheduled) (scheduled = true), setImmediate(flush)
      }),
  }
}
