/** `hotvote stats`: row counts of users, media, votes and views (GET /api/db-test/counts). */
import type { Command } from 'commander'
import type { DbCountsCheck } from '@contract/admin/data'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson } from '../lib/http'
import { emit, printFields } from '../lib/output'

/** Registers the command. */
export function registerStats(program: Command): void {
  program
    .command('stats')
    .description('Show database counts')
    .addHelpText('after', '\nExample:\n  hotvote stats --json')
    .action(async (_: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const counts = await adminJson<DbCountsCheck>(ctx.conn, 'GET', paths.dbTest('counts'))
      emit(ctx.json, counts, () =>
        printFields({ users: counts.totalUsers, media: counts.totalMedia, votes: counts.totalVotes, views: counts.totalViews }),
      )
    })
}
