/**
 * The admin-set configuration rows, cached per PostgreSQL instance and kept right across instances by LISTEN/NOTIFY
 * (docs/operations.md > Running several servers). Each instance listens on one dedicated connection of Bun's SQL
 * client (`sql.listen`, which reconnects and subscribes again by itself) and drops its whole cache on every
 * notification of CONFIG_CHANNEL:
 * - every committed change of a configuration table notifies it (a statement trigger,
 *   drizzle/pg/0006_configuration_notify.sql), whoever writes it: an instance of any version, a CLI, psql;
 * - an instance's own save then waits for every listening instance to have dropped its cache (settle()), so the
 *   save's answer comes after every instance answers the new value.
 * The cache answers only while that connection is subscribed: once it closes, reads go to the database until it is
 * subscribed again, when the cache starts empty, so a notification missed meanwhile leaves nothing stale behind.
 */
import type { SQL } from 'bun'

/** The channel every configuration change (the trigger's payload: the table's name) and every settle() notifies. */
export const CONFIG_CHANNEL = 'hotvote_configuration'

/** The channel each instance answers a settle() on, once its cache is dropped (payload: the settle's id). */
const DROPPED_CHANNEL = 'hotvote_configuration_dropped'

/** A settle()'s payload on CONFIG_CHANNEL: this prefix and its id. */
const SETTLE_PREFIX = 'settle:'

/** application_name of the listening connections, which settle() counts in pg_stat_activity. */
export const CONFIG_LISTENER_NAME = 'hotvote-config-listener'

/**
 * Longest an entry is answered, ms: it bounds what a listening connection that died without the client seeing it
 * close (a silent network loss) could leave stale, at one read per table per instance in that time.
 */
export const CONFIG_MAX_AGE_MS = 60_000

/** Longest a save waits for the listening instances to answer its settle(), ms (an instance stopped mid-way never does). */
export const SETTLE_TIMEOUT_MS = 2000

/** An instance's configuration cache. */
export type ConfigCache = {
  /**
   * key's value: the cached one while the listener is subscribed (and the entry younger than CONFIG_MAX_AGE_MS), else
   * load()'s, kept for the next reads when subscribed. A rejected load is not kept. Callers must not change the answer.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T>
  /**
   * After a committed save of this instance: drops its cache, then notifies CONFIG_CHANNEL and resolves once every
   * listening connection on the database (counted in pg_stat_activity) has answered that its instance dropped its
   * cache, or after SETTLE_TIMEOUT_MS.
   */
  settle(): Promise<void>
  /** Stops listening and closes the listening connection. */
  close(): Promise<void>
}

/**
 * Subscribes to CONFIG_CHANNEL on the client connect(onclose) answers, which calls onclose whenever its connection
 * closes (Bun's `onclose` option; a client used for nothing else, as it holds no connection but the listening one)
 * and is named CONFIG_LISTENER_NAME; pool (the instance's pool) sends the notifications. Resolves once the server has
 * acknowledged the LISTENs; rejects when it cannot connect.
 */
export async function watchConfiguration(pool: SQL, connect: (onclose: () => void) => SQL): Promise<ConfigCache> {
  const entries = new Map<string, { value: Promise<unknown>; at: number }>()
  /** The settles this instance waits on: their id and the function counting one answer. */
  const settling = new Map<string, () => void>()
  let subscribed = false
  const drop = () => entries.clear()
  const listener = connect(() => {
    subscribed = false
    drop()
  })
  const changes = await listener.listen(
    CONFIG_CHANNEL,
    (payload) => {
      drop()
      if (payload.startsWith(SETTLE_PREFIX)) pool.notify(DROPPED_CHANNEL, payload.slice(SETTLE_PREFIX.length)).catch(() => {})
    },
    () => {
      drop()
      subscribed = true
    },
  )
  const answers = await listener.listen(DROPPED_CHANNEL, (id) => settling.get(id)?.())
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!subscribed) return load()
      const now = performance.now()
      const hit = entries.get(key)
      if (hit && now - hit.at < CONFIG_MAX_AGE_MS) return hit.value as Promise<T>
      // The promise is kept at once: a drop() while it loads removes it, so a value read before a change is never kept.
      const entry = { value: load(), at: now }
      entries.set(key, entry)
      entry.value.catch(() => entries.get(key) === entry && entries.delete(key))
      return entry.value as Promise<T>
    },
    async settle() {
      drop()
      const id = crypto.randomUUID()
      const [{ listening }] = await pool<{ listening: number }[]>`
        select count(*)::int as listening from pg_stat_activity
        where datname = current_database() and application_name = ${CONFIG_LISTENER_NAME}`
      let answered = 0
      let timer: Timer | undefined
      await new Promise<void>((resolve) => {
        if (!listening) return resolve()
        settling.set(id, () => ++answered >= listening && resolve())
        timer = setTimeout(resolve, SETTLE_TIMEOUT_MS)
        pool.notify(CONFIG_CHANNEL, SETTLE_PREFIX + id).catch(() => resolve())
      })
      clearTimeout(timer)
      settling.delete(id)
    },
    async close() {
      subscribed = false
      drop()
      await answers.unlisten()
      await changes.unlisten()
      await listener.close()
    },
  }
}
