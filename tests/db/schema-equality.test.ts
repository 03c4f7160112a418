/**
 * The SQLite schema (server/db/schema.ts) and the PostgreSQL one (server/db/schema.pg.ts) describe the same database:
 * the same tables, columns (name, kind, nullability, default, generated id), primary keys, unique constraints, foreign
 * keys and indexes (columns or expressions, uniqueness, partial WHERE), read through drizzle's getTableConfig.
 */
import { describe, expect, it } from 'bun:test'
import { is, SQL, type Column } from 'drizzle-orm'
import { getTableConfig as sqliteConfig, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { getTableConfig as pgConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core'
import * as sqliteSchema from '@server/db/schema'
import * as pgSchema from '@server/db/schema.pg'

/** The dialect-neutral kind of each drizzle column type; a type missing here shows as unknown and fails the test. */
const KINDS: Record<string, string> = {
  SQLiteInteger: 'integer',
  PgInteger: 'integer',
  SQLiteReal: 'real',
  PgDoublePrecision: 'real',
  SQLiteText: 'text',
  PgText: 'text',
  SQLiteBoolean: 'boolean',
  PgBoolean: 'boolean',
  SQLiteTextJson: 'json',
  PgJsonb: 'json',
}

/** The kind of a column: its type's, or for a custom column (schema.pg.ts jsonValue) its SQL type's. */
const kindOf = (c: Column) => KINDS[c.columnType] ?? (c.columnType === 'PgCustomColumn' && c.getSQLType() === 'jsonb' ? 'json' : undefined)

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>

/** An index expression or WHERE clause as dialect-neutral text: no quotes or table prefixes, booleans as 1/0. */
function neutral(chunk: SQL, render: (s: SQL) => string): string {
  return render(chunk)
    .replaceAll('"', '')
    .replace(/\b\w+\.(\w+)\b/g, '$1')
    .replace(/\btrue\b/g, '1')
    .replace(/\bfalse\b/g, '0')
}

/** Everything the two dialects must agree on for one table, in a plain comparable shape. */
function describeTable(config: Config, render: (s: SQL) => string) {
  const column = (c: Column) => ({
    kind: kindOf(c) ?? `unknown ${c.columnType}`,
    notNull: c.notNull,
    primaryKey: c.primary,
    unique: c.isUnique,
    default: c.default instanceof SQL ? neutral(c.default, render) : c.default,
    enumValues: c.enumValues ?? null,
    generatedId: ('autoIncrement' in c && c.autoIncrement === true) || ('generatedIdentity' in c && !!c.generatedIdentity),
  })
  return {
    columns: Object.fromEntries(config.columns.map((c) => [c.name, column(c)])),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({ name: u.name, columns: u.columns.map((c) => c.name) })),
    checks: config.checks.map((c) => c.name),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference()
        return {
          columns: ref.columns.map((c) => c.name),
          table: ref.foreignTable[Symbol.for('drizzle:Name') as never] as string,
          foreignColumns: ref.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? 'no action',
        }
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    indexes: Object.fromEntries(
      config.indexes.map((index) => [
        index.config.name,
        {
          unique: index.config.unique,
          on: index.config.columns.map((c) => (is(c, SQL) ? neutral(c, render) : (c as Column).name)),
          where: index.config.where ? neutral(index.config.where, render) : null,
        },
      ]),
    ),
  }
}

const sqliteDialect = new SQLiteSyncDialect()
const pgDialect = new PgDialect()
const sqliteTables = Object.values(sqliteSchema as Record<string, unknown>)
  .filter((t): t is SQLiteTable => is(t, SQLiteTable))
  .map((t) => sqliteConfig(t))
const pgTables = Object.values(pgSchema as Record<string, unknown>)
  .filter((t): t is PgTable => is(t, PgTable))
  .map((t) => pgConfig(t))
const byName = <T extends { name: string }>(tables: T[]) => new Map(tables.map((t) => [t.name, t]))

describe('schema.ts and schema.pg.ts', () => {
  it('declare the same tables', () => {
    expect(sqliteTables.length).toBeGreaterThan(15)
    expect([...byName(pgTables).keys()].sort()).toEqual([...byName(sqliteTables).keys()].sort())
  })

  it('declare every table with the same columns, keys and indexes', () => {
    const pg = byName(pgTables)
    for (const table of sqliteTables) {
      const twin = pg.get(table.name)
      if (!twin) continue
      const want = describeTable(table, (s) => sqliteDialect.sqlToQuery(s).sql)
      expect({ table: table.name, ...describeTable(twin, (s) => pgDialect.sqlToQuery(s).sql) }).toEqual({ table: table.name, ...want })
    }
  })

  it('maps every column type to a kind the other dialect shares', () => {
    const unknown = [...sqliteTables, ...pgTables].flatMap((t) =>
      t.columns.filter((c) => !kindOf(c as Column)).map((c) => `${t.name}.${c.name}: ${c.columnType}`),
    )
    expect(unknown).toEqual([])
  })
})
