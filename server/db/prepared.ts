/**
 * Statements built once per database handle: drizzle builds the SQL text and bun:sqlite compiles it on
 * every plain query call, which profiling showed to be most of a hot read's time. A repository declares its hot query
 * with `sql.placeholder()` for each argument and `.prepare()`, wrapped in perDb, and runs it with the values.
 */
import type { Db } from './open'

/**
 * Memoizes build(db) per database handle (the SQLite drizzle handle by default, or another one such as a PostgreSQL
 * pool): the first call on a db builds (and prepares) the statement, or the batcher, every later call answers the
 * same one. Tests open many databases, so the cache is keyed weakly by the handle.
 */
export function perDb<T, D extends object = Db>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>()
  return (db) => {
    let statement = built.get(db)
    if (statement === undefined) built.set(db, (statement = build(db)))
    return statement
  }
}
