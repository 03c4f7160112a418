/**
 * Values a repository answers at once on SQLite (bun:sqlite is synchronous) and later on PostgreSQL, so the hot read
 * paths on SQLite run without a promise per call while PostgreSQL keeps its async driver.
 */

/** A value now, or a promise of it. */
export type MaybePromise<T> = T | Promise<T>

/** f of value: at once when value is here, once it resolves when it is a promise (a rejection passes through). */
export const andThen = <T, U>(value: MaybePromise<T>, f: (value: T) => MaybePromise<U>): MaybePromise<U> =>
  value instanceof Promise ? value.then(f) : f(value)
