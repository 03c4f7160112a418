/** `hotvote db test`: the four database checks with their durations (GET /api/db-test/*). */
import type { Command } from 'commander'
import { DB_TEST_CHECKS, paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson, HttpFailure } from '../lib/http'
import { emit, printTable } from '../lib/output'

/** Registers the command. */
export function registerDb(program: Command): void {
  program
    .command('db')
    .description('Database tools')
    .command('test')
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
      emit(ctx.json, results, () => printTable(['check', 'status', 'ms'], results.map((r) => [r.check, r.ok ? 'ok' : `error: ${r.error}`, r.durationMs])))
      if (results.some((r) => !r.ok)) process.exitCode = 1
    })
}
