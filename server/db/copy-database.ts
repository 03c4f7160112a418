/**
 * `hotvote db copy`: copies a site's SQLite file (server stopped) into an empty PostgreSQL database, or a PostgreSQL
 * database back into a new SQLite file (docs/operations.md > Moving a site to PostgreSQL). The CLI speaks only to the admin API, so it
 * runs this module as its own bun process (`bun server/db/copy-database.ts --from A --to B`). Exit codes: 0 copied and
 * verified, 1 failure (a table's count differs, a database cannot be opened), 2 usage error or a target that is not
 * empty.
 *
 * Both databases are migrated first (PostgreSQL through open-postgres.ts, under its advisory lock); then every table
 * of schema.ts and schema.pg.ts is copied parents first, in batches of BATCH_ROWS, in ONE transaction on the target (a
 * failed copy leaves no rows), with the target's triggers off so the vote-counter trigger does not count again the
 * counters copied with media; ids are kept and id sequences follow the largest id; row counts are compared at the end,
 * and the target is vacuumed and analyzed (statistics and visibility map for its first queries).
 */
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/bun-sql'
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { SQL } from 'bun'
import { parseArgs } from 'node:util'
import { existsSync, rmSync } from 'node:fs'
import { Presets, SingleBar } from 'cli-progress'
import type { Database as SqliteClient } from 'bun:sqlite'
import { closeDatabase, openDatabase } from './open'
import { migratePostgres } from './open-postgres'
import { redactDatabaseUrl } from '../contract/database-url'
import * as sqliteSchema from './schema'
import * as pgSchema from './schema.pg'

/** Rows read from SQLite and inserted into PostgreSQL per statement: bounds memory and stays far below PostgreSQL's 65535 parameters. */
const BATCH_ROWS = 500

/** A refusal or failure of the copy, with the exit code the command ends with. */
export class CopyError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message)
  }
}

/** One table to copy: its name and both dialects' drizzle tables. */
type TablePair = { name: string; sqlite: SQLiteTable; pg: PgTable }

/**
 * Every table of the two schema modules, parents before the tables whose foreign keys name them. Throws when a table
 * exists in one schema only (tests/db/schema-equality.test.ts keeps them equal).
 */
export function tablesInCopyOrder(): TablePair[] {
  const sqliteTables = new Map<string, SQLiteTable>(
    Object.values(sqliteSchema)
      .filter((t) => is(t, SQLiteTable))
      .map((t) => [getTableName(t), t as SQLiteTable]),
  )
  const pgTables = new Map<string, PgTable>(
    Object.values(pgSchema)
      .filter((t) => is(t, PgTable))
      .map((t) => [getTableName(t), t as PgTable]),
  )
  const names = [...new Set([...sqliteTables.keys(), ...pgTables.keys()])]
  const onlyOne = names.filter((n) => !sqliteTables.has(n) || !pgTables.has(n))
  if (onlyOne.length) throw new Error(`schema.ts and schema.pg.ts differ: ${onlyOne.join(', ')} in one only`)
  const ordered: TablePair[] = []
  const visit = (name: string) => {
    if (ordered.some((t) => t.name === name)) return
    for (const fk of pgConfig(pgTables.get(name)!).foreignKeys) {
      const parent = getTableName(fk.reference().foreignTable)
      if (parent !== name) visit(parent)
    }
    ordered.push({ name, sqlite: sqliteTables.get(name)!, pg: pgTables.get(name)! })
  }
  names.forEach(visit)
  return ordered
}

/**
 * row (read through schema.ts, so booleans and JSON already parsed) ready to insert into table: each JSON value is
 * passed as text cast to jsonb, since Bun's SQL client stores a string bound to a jsonb parameter (what drizzle's
 * jsonb column sends) as a JSON string, not as the array it spells.
 */
function toPostgres(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table)
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      columns[key].columnType === 'PgJsonb' && value !== null ? sql`${JSON.stringify(value)}::text::jsonb` : value,
    ]),
  )
}

/** The rows of one table, per table name. */
export type TableCounts = Record<string, number>

/** Rows of each table on PostgreSQL, counted through client. */
async function countPostgres(client: SQL, tables: TablePair[]): Promise<TableCounts> {
  const counts: TableCounts = {}
  for (const t of tables) counts[t.name] = Number((await client.unsafe(`select count(*) as n from "${t.name}"`))[0].n)
  return counts
}

/** Rows of each table on SQLite. */
function countSqlite(client: SqliteClient, tables: TablePair[]): TableCounts {
  return Object.fromEntries(tables.map((t) => [t.name, (client.query(`select count(*) as n from "${t.name}"`).get() as { n: number }).n]))
}

/** Progress callback: rows copied so far and the total to copy. */
type OnProgress = (copied: number, total: number) => void

/** A PostgreSQL client on url with one connection, the database named explicitly (PGDATABASE cannot override it). */
const connectPostgres = (url: string) => new SQL({ url, database: decodeURIComponent(new URL(url).pathname.slice(1)) || undefined, max: 1 })

/** Throws CopyError (exit 1) naming every table whose count after the copy differs from the source's. */
function verifyCounts(tables: TablePair[], expected: TableCounts, actual: TableCounts, source: string, target: string): void {
  const differ = tables.filter((t) => actual[t.name] !== expected[t.name])
  if (differ.length)
    throw new CopyError(
      `counts differ after the copy: ${differ.map((t) => `${t.name} ${expected[t.name]} in ${source}, ${actual[t.name]} in ${target}`).join('; ')}`,
      1,
    )
}

/** The sum of counts. */
const totalOf = (counts: TableCounts) => Object.values(counts).reduce((a, b) => a + b, 0)

/** Copies the SQLite file at from into the empty PostgreSQL database at to; user triggers are disabled inside the copy's transaction. */
async function sqliteToPostgres(from: string, to: string, onProgress: OnProgress): Promise<TableCounts> {
  if (!existsSync(from)) throw new CopyError(`--from ${from}: no such file`, 2)
  const tables = tablesInCopyOrder()
  await migratePostgres(to)
  const client = connectPostgres(to)
  // The same migrations a server start applies, so the file's columns are the ones schema.ts names.
  const source = openDatabase(from)
  try {
    const already = Object.entries(await countPostgres(client, tables)).filter(([, n]) => n > 0)
    if (already.length)
      throw new CopyError(
        `--to ${redactDatabaseUrl(to)} is not empty (${already.map(([t, n]) => `${t}: ${n} rows`).join(', ')}); db copy writes only into an empty database`,
        2,
      )
    const expected = countSqlite(source.sqlite, tables)
    let copied = 0
    onProgress(copied, totalOf(expected))
    await drizzle({ client }).transaction(async (tx) => {
      for (const t of tables) await tx.execute(sql`alter table ${t.pg} disable trigger user`)
      for (const t of tables) {
        const columns = getTableColumns(t.sqlite)
        // Keyset paging on rowid: every batch is one indexed range read, whatever the table's size.
        for (let last = 0; ; ) {
          const batch = source.db
            .select({ rowid: sql<number>`rowid`, ...columns })
            .from(t.sqlite)
            .where(sql`rowid > ${last}`)
            .orderBy(sql`rowid`)
            .limit(BATCH_ROWS)
            .all()
          if (!batch.length) break
          last = batch[batch.length - 1].rowid
          await tx.insert(t.pg).values(batch.map(({ rowid: _, ...row }) => toPostgres(t.pg, row)))
          onProgress((copied += batch.length), totalOf(expected))
        }
        const id = getTableColumns(t.pg).id
        if (id?.generatedIdentity) await tx.execute(sql`select setval(pg_get_serial_sequence(${t.name}, 'id'), max(id)) from ${t.pg}`)
      }
      for (const t of tables) await tx.execute(sql`alter table ${t.pg} enable trigger user`)
    })
    verifyCounts(tables, expected, await countPostgres(client, tables), 'SQLite', 'PostgreSQL')
    // A freshly loaded database has no planner statistics and no visibility map until autovacuum reaches each table:
    // the first queries would run on guessed row counts and every index-only scan would visit the table.
    await client.unsafe('vacuum (analyze)')
    return expected
  } finally {
    source.sqlite.close()
    await client.close()
  }
}

/**
 * Copies the PostgreSQL database at from into a new SQLite file at to: the way back. One read-only snapshot of the
 * source is read through a cursor per table, BATCH_ROWS at a time, and written in one SQLite transaction with the
 * file's triggers dropped and re-created around it (SQLite cannot disable them), so vote counters are copied, not
 * counted again. AUTOINCREMENT follows the largest copied id by itself. A failed copy removes the new file.
 */
async function postgresToSqlite(from: string, to: string, onProgress: OnProgress): Promise<TableCounts> {
  if (existsSync(to)) throw new CopyError(`--to ${to} already exists; db copy writes only a new SQLite file`, 2)
  const tables = tablesInCopyOrder()
  await migratePostgres(from)
  const client = connectPostgres(from)
  const target = openDatabase(to)
  let done = false
  try {
    const expected = await countPostgres(client, tables)
    let copied = 0
    onProgress(copied, totalOf(expected))
    const triggers = target.sqlite.query("select name, sql from sqlite_master where type = 'trigger'").all() as {
      name: string
      sql: string
    }[]
    target.sqlite.exec('begin')
    try {
      for (const { name } of triggers) target.sqlite.exec(`drop trigger "${name}"`)
      await drizzle({ client }).transaction(
        async (tx) => {
          for (const t of tables) {
            const keyOf = Object.fromEntries(Object.entries(getTableColumns(t.sqlite)).map(([key, column]) => [column.name, key]))
            await tx.execute(sql`declare copy_rows no scroll cursor for select * from ${t.pg}`)
            for (;;) {
              const rows = (await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from copy_rows`))) as unknown as Record<string, unknown>[]
              if (!rows.length) break
              target.db
                .insert(t.sqlite)
                .values(rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [keyOf[name], value]))))
                .run()
              onProgress((copied += rows.length), totalOf(expected))
            }
            await tx.execute(sql`close copy_rows`)
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
      for (const trigger of triggers) target.sqlite.exec(trigger.sql)
      target.sqlite.exec('commit')
    } catch (e) {
      target.sqlite.exec('rollback')
      throw e
    }
    verifyCounts(tables, expected, countSqlite(target.sqlite, tables), 'PostgreSQL', 'SQLite')
    done = true
    return expected
  } finally {
    closeDatabase(target.sqlite)
    await client.close()
    if (!done) for (const file of [to, `${to}-wal`, `${to}-shm`]) rmSync(file, { force: true })
  }
}

/** True when target names a PostgreSQL database rather than a file. */
const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target)

/**
 * Copies from into to, one a SQLite file and the other a postgres:// URL, in either direction (module docstring).
 * onProgress gets the rows copied so far and the total. Answers the row count of every table (equal on both sides).
 * Throws CopyError: exit 2 for a missing source file, two files or two URLs, or a target that holds rows; exit 1
 * when a count differs after the copy.
 */
export async function copyDatabase(from: string, to: string, onProgress: OnProgress = () => {}): Promise<TableCounts> {
  if (isPostgresUrl(from) === isPostgresUrl(to))
    throw new CopyError('db copy needs one SQLite file and one postgres:// or postgresql:// URL', 2)
  return isPostgresUrl(to) ? sqliteToPostgres(from, to, onProgress) : postgresToSqlite(from, to, onProgress)
}

/** The command line: parses --from/--to, draws the progress bar on stderr, prints the counts per table, exits 0, 1 or 2. */
async function main(): Promise<void> {
  let from: string | undefined, to: string | undefined
  try {
    ;({ from, to } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } }).values)
  } catch (e) {
    throw new CopyError((e as Error).message, 2)
  }
  if (!from || !to) throw new CopyError('usage: db copy --from FILE.sqlite --to postgres://user@host:port/db (or the other way round)', 2)
  // Drawn on a terminal, and written as plain lines when stderr is a file or a pipe (logs, CI).
  const bar = new SingleBar(
    { format: 'copying [{bar}] {percentage}% {value}/{total} rows', stream: process.stderr, noTTYOutput: true },
    Presets.shades_classic,
  )
  let started = false
  let counts: TableCounts
  try {
    counts = await copyDatabase(from, to, (copied, total) => (started ? bar.update(copied) : (bar.start(total, copied), (started = true))))
  } finally {
    bar.stop()
  }
  for (const [table, n] of Object.entries(counts)) process.stdout.write(`${table}\t${n}\n`)
  process.stdout.write(`copied and verified ${Object.keys(counts).length} tables into ${isPostgresUrl(to) ? redactDatabaseUrl(to) : to}\n`)
}

if (import.meta.main) {
  await main().catch((e) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(e instanceof CopyError ? e.exitCode : 1)
  })
}
