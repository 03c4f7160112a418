/**
 * `hotvote db test`: the four database checks with their durations (GET /api/db-test/*).
 * `hotvote db copy`: copies a stopped site's SQLite file into an empty PostgreSQL database. It works on database
 * files, not through the admin API, so it runs server/db/copy-database.ts as its own bun process (the CLI imports only
 * server/contract) and ends with that process's exit code.
 */
import type { Command } from 'commander'
import { join } from 'node:path'
import { DB_TEST_CHECKS, paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson, HttpFailure } from '../lib/http'
import { emit, printTable } from '../lib/output'

/** Registers the command. */
export function registerDb(program: Command): void {
  const db = program.command('db').description('Database tools')
  db.command('copy')
    .description(
      "Copy a stopped site's SQLite file into an empty PostgreSQL database (every table, ids and counters kept, counts verified)",
    )
    .requiredOption('--from <file>', 'the SQLite file, e.g. data/hotvote.sqlite (stop the server first)')
    .requiredOption('--to <url>', 'the empty PostgreSQL database, postgres://user:password@host:port/db')
    .addHelpText(
      'after',
      '\nExit codes: 0 copied and verified, 1 failed or a count differs, 2 usage error or the target holds rows.\n\nExample:\n  hotvote db copy --from data/hotvote.sqlite --to postgres://hotvote@db.internal:5432/hotvote',
    )
    .action(async (opts: { from: string; to: string }) => {
      const copier = join(import.meta.dir, '..', '..', 'server', 'db', 'copy-database.ts')
      const proc = Bun.spawn([process.execPath, copier, '--from', opts.from, '--to', opts.to], { stdio: ['inherit', 'inherit', 'inherit'] })
      process.exitCode = await proc.exited
    })
  db.command('test')
    .description('Run the four database checks and show their durations')
    .addHelpText('after', '\nExample:\n  hotvote db test')
    .action(async (_: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const results: { check: string; ok: boolean; durationMs: number | null; error?: string }[] = []
      for (const check of DB_TEST_CHECKS) {
        try {
          const r = await adminJson<{ durationMs: number }>(ctx.conn, 'GET', paths.dbTest(check))
          results.push({ check, ok: true, durationMs: r.durationMs })
        } catch (e) {
          if (e instanceof HttpFailure && e.status === 401) throw e
          results.push({ check, ok: false, durationMs: null, error: (e as Error).message })
        }
      }
      emit(ctx.json, results, () =>
        printTable(
          ['check', 'status', 'ms'],
          results.map((r) => [r.check, r.ok ? 'ok' : `error: ${r.error}`, r.durationMs]),
        ),
      )
      if (results.some((r) => !r.ok)) process.exitCode = 1
    })
}
