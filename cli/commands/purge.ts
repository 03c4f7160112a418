/** `hotvote purge [--dry-run] [--yes]`: delete inactive accounts after showing how many (admin-back-office §2 Database). */
import type { Command } from 'commander'
import type { InactiveCount, PurgeResult } from '@contract/admin/maintenance'
import { paths } from '@contract/paths'
import { confirm } from '@inquirer/prompts'
import { contextOf } from '../lib/context'
import { adminJson, CliError } from '../lib/http'
import { emit, printFields } from '../lib/output'

/** Registers the command. */
export function registerPurge(program: Command): void {
  program
    .command('purge')
    .description('Delete inactive accounts (no email, votes or uploads, fewer than 2 views)')
    .option('--dry-run', 'only show how many accounts would go')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  hotvote purge --dry-run\n  hotvote purge --yes --json')
    .action(async (opts: { dryRun?: boolean; yes?: boolean }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const count = await adminJson<InactiveCount>(ctx.conn, 'GET', paths.adminInactiveCount())
      if (opts.dryRun || count.inactiveUsers === 0) {
        return emit(ctx.json, { dryRun: Boolean(opts.dryRun), ...count }, () =>
          printFields({ inactive: count.inactiveUsers, total: count.totalUsers, percentage: `${count.percentage}%` }),
        )
      }
      if (!opts.yes) {
        if (!process.stdin.isTTY) throw new CliError('refusing to purge without --yes when not on a terminal', 2)
        if (
          !(await confirm({
            message: `Delete ${count.inactiveUsers} of ${count.totalUsers} accounts (${count.percentage}%)?`,
            default: false,
          }))
        )
          return
      }
      const r = await adminJson<PurgeResult>(ctx.conn, 'POST', paths.adminPurgeInactive())
      emit(ctx.json, r, () => printFields({ deleted: r.deletedCount, remaining: r.remainingUsers }))
    })
}
