/**
 * Query time and pool use for GET /metrics (docs/operations.md > Metrics), measured around the one client each
 * dialect's handle runs its statements on, so no repository times anything itself. Series: dialect sqlite|postgres ×
 * operation read|write|transaction, never SQL text or ids.
 *
 * SQLite: every outermost transaction, BEGIN to COMMIT (group commit's vote batches, the repositories' atomic
 * operations). Statements outside a transaction are not timed: a timer around each costs about as much as a cached
 * lookup itself (docs/performance.md), and what grows under load is writes waiting for the one writer, which the
 * transactions' time shows.
 * PostgreSQL: every query on the pool, a transaction or a reserved connection, from its start to its answer (a wait
 * for a pool connection included), as read or write, and every transaction. Bun's SQL reports no pool state, so the
 * pool gauges count here: callers holding or waiting for a connection (queries on the pool, transactions,
 * reservations) and the connections Bun reports opened and closed.
 */
import type { Database as SqliteClient } from 'bun:sqlite'
import type { SQL } from 'bun'
import { dbQueryRecorder, type DbOperation, type DbPoolUse } from '../core/metrics'

/** Seconds since start, a performance.now() reading. */
const since = (start: number) => (performance.now() - start) / 1000

/** Runs fn, then records its seconds with record, whether it returned or threw. */
function timed<A extends unknown[], T>(fn: (...args: A) => T, record: (seconds: number) => void): (...args: A) => T {
  return (...args) => {
    const start = performance.now()
    try {
      return fn(...args)
    } finally {
      record(since(start))
    }
  }
}

const sqliteTransactions = dbQueryRecorder('sqlite', 'transaction')

/**
 * Times every outermost transaction of the bun:sqlite handle sqlite from now on, BEGIN to COMMIT (drizzle's, the
 * repositories' and group commit's), by replacing transaction() on the instance; answers sqlite. A transaction inside
 * another (a savepoint) is part of the outer one's time.
 */
export function timeSqlite(sqlite: SqliteClient): SqliteClient {
  const transaction = sqlite.transaction.bind(sqlite)
  const outermost = <A extends unknown[], T>(run: (...args: A) => T) => {
    const whole = timed(run, sqliteTransactions)
    return (...args: A) => (sqlite.inTransaction ? run(...args) : whole(...args))
  }
  sqlite.transaction = (<A extends unknown[], T>(body: (...args: A) => T) => {
    const tx = transaction(body)
    return Object.assign(outermost(tx), {
      deferred: outermost(tx.deferred),
      immediate: outermost(tx.immediate),
      exclusive: outermost(tx.exclusive),
    })
  }) as typeof sqlite.transaction
  return sqlite
}

/** The pool accounting of one Bun SQL client: pass onconnect/onclose to its options, hold() for each caller of a connection. */
export type PoolCounter = {
  /** Counts one caller holding or waiting for a connection; answers the (idempotent) release. */
  hold(): () => void
  onconnect(): void
  onclose(): void
  /** The pool's use now. */
  use(): DbPoolUse
}

/**
 * Pool accounting for a Bun SQL client of at most max connections: callers beyond max wait (Bun queues them), the
 * rest hold a connection each. Open connections follow Bun's onconnect/onclose, kept between 0 and max since Bun
 * also reports a failed connection attempt as a close.
 */
export function poolCounter(max: number): PoolCounter {
  let callers = 0
  let open = 0
  return {
    hold() {
      callers++
      let held = true
      return () => {
        if (held) (held = false), callers--
      }
    },
    onconnect: () => void (open = Math.min(max, open + 1)),
    onclose: () => void (open = Math.max(0, open - 1)),
    use() {
      const active = Math.min(callers, max)
      return { active, idle: Math.max(0, open - active), waiting: callers - active, max }
    },
  }
}

const pgRecorders = {
  read: dbQueryRecorder('postgres', 'read'),
  write: dbQueryRecorder('postgres', 'write'),
  transaction: dbQueryRecorder('postgres', 'transaction'),
}
/** A statement that only reads: it starts with select, with, values or show and names no insert, update, delete or merge (select ... for update counts as a write). */
const READ_START = /^\s*\(?\s*(select|with|values|show)\b/i
const WRITE_WORD = /\b(insert|update|delete|merge)\b/i
const operationOf = (text: string): DbOperation => (READ_START.test(text) && !WRITE_WORD.test(text) ? 'read' : 'write')
/** The operation of each tagged template (one per place in the code) and of recent query texts (drizzle's, a bounded set of shapes). */
const templateOperations = new WeakMap<TemplateStringsArray, DbOperation>()
const textOperations = new Map<string, DbOperation>()
const TEXT_OPERATIONS_KEPT = 1000

function templateOperation(strings: TemplateStringsArray): DbOperation {
  let operation = templateOperations.get(strings)
  if (!operation) templateOperations.set(strings, (operation = operationOf(strings.join('?'))))
  return operation
}

function textOperation(text: string): DbOperation {
  let operation = textOperations.get(text)
  if (!operation) {
    if (textOperations.size >= TEXT_OPERATIONS_KEPT) textOperations.clear()
    textOperations.set(text, (operation = operationOf(text)))
  }
  return operation
}

/** What a timed query carries: its operation, its pool (a query on the pool itself), Bun's then, whether it started. */
const PENDING = Symbol('timed query')
type Pending = { operation: DbOperation; pool: PoolCounter | undefined; bunThen: Promise<unknown>['then']; started: boolean }
type TimedQuery = Promise<unknown> & { [PENDING]?: Pending }

/**
 * The then of a timed query: the first call starts the timer (and holds a pool caller) and adds a reaction that stops
 * it when the query settles, then every call goes on to Bun's then, which starts the query.
 */
function startingThen(this: TimedQuery, onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) {
  const pending = this[PENDING] as Pending
  if (!pending.started) {
    const { operation, pool } = pending
    pending.started = true
    const release = pool?.hold()
    const started = performance.now()
    const done = () => {
      release?.()
      pgRecorders[operation](since(started))
    }
    pending.bunThen.call(this, done, done)
  }
  return pending.bunThen.call(this, onFulfilled, onRejected)
}

/**
 * query (a Bun SQL query, lazy until then, catch or finally) timed from its start to its answer into the series of
 * operation, holding a pool caller meanwhile when pool is given. catch and finally become Promise's, which call then.
 */
function timeQuery<Q extends Promise<unknown>>(query: Q, operation: DbOperation, pool: PoolCounter | undefined): Q {
  Object.assign(query, {
    [PENDING]: { operation, pool, bunThen: query.then, started: false },
    // biome-ignore lint/suspicious/noThenProperty: a Bun SQL query starts in its then(), so the timing starts there too
    then: startingThen,
    catch: Promise.prototype.catch,
    finally: Promise.prototype.finally,
  })
  return query
}

/** Whether the arguments of a call of a Bun SQL client are a tagged template (a query), not a helper such as sql(rows). */
const isTemplate = (args: unknown[]): args is [TemplateStringsArray, ...unknown[]] => Array.isArray(args[0]) && 'raw' in args[0]

/**
 * client (the pool, a transaction's, a savepoint's or a reserved connection's) with every query timed; pool is given
 * for the pool itself, whose queries, transactions and reservations each hold a caller; release ends a reserved
 * connection's hold when it is released or closed.
 */
function timeClient<C extends SQL>(client: C, pool: PoolCounter | undefined, release?: () => void): C {
  /** Runs a begin/transaction/savepoint call of client with the callback's client timed too. */
  const scoped = (method: 'begin' | 'savepoint', args: unknown[]) => {
    const body = args.pop() as (scope: SQL) => unknown
    return (client[method as 'begin'] as (...a: unknown[]) => Promise<unknown>)(...args, (scope: SQL) => body(timeClient(scope, undefined)))
  }
  const wrappers: Record<PropertyKey, unknown> = {
    unsafe: (text: string, params?: unknown[]) => timeQuery(client.unsafe(text, params), textOperation(text), pool),
    begin: (...args: unknown[]) => {
      const held = pool?.hold()
      const started = performance.now()
      return scoped('begin', args).finally(() => {
        held?.()
        pgRecorders.transaction(since(started))
      })
    },
    reserve: async (options?: { signal?: AbortSignal }) => {
      const held = pool?.hold() ?? (() => {})
      try {
        return timeClient(await client.reserve(options), undefined, held)
      } catch (error) {
        held()
        throw error
      }
    },
  }
  wrappers.transaction = wrappers.begin
  if ('savepoint' in client) wrappers.savepoint = (...args: unknown[]) => scoped('savepoint', args)
  if (release) {
    for (const key of ['release', 'close', Symbol.dispose, Symbol.asyncDispose]) {
      if (key in client)
        wrappers[key] = (...args: unknown[]) => (
          release(), (client as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[key as string](...args)
        )
    }
  }
  return new Proxy(client, {
    apply: (target, thisArg, args: unknown[]) => {
      const made = Reflect.apply(target, thisArg, args)
      return isTemplate(args) ? timeQuery(made, templateOperation(args[0]), pool) : made
    },
    get: (target, key) => {
      if (Object.hasOwn(wrappers, key)) return wrappers[key]
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The pool client sql with its queries timed and its use counted by pool (docstring at the top). */
export const timePool = (sql: SQL, pool: PoolCounter): SQL => timeClient(sql, pool)
