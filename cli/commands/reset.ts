/** `hotvote reset --yes`: delete users, media rows, votes, views, tokens and takedowns; on a terminal, also type RESET DATABASE. */
import type { Command } from 'commander'
import type { ResetResult } from '@contract/admin/maintenance'
import { paths } from '@contract/paths'
import { input } from '@inquirer/prompts'
import { contextOf } from '../lib/context'
import { adminJson, CliError } from '../lib/http'
import { emit, printLine } from '../lib/output'

/** The phrase to type (admin-back-office §9). */
export const CONFIRM_PHRASE = 'RESET DATABASE'

/** Registers the command. */
export function registerReset(program: Command): void {
  program
    .command('reset')
    .description('Reset the database (configs, audit log and bucket are kept)')
    .option('-y, --yes', 'required: confirm the reset')
    .addHelpText('after', '\nExample (staging):\n  hotvote reset --yes')
    .action(async (opts: { yes?: boolean }, cmd: Command) => {
      const ctx = contextOf(cmd)
      if (!opts.yes) throw new CliError('reset needs --yes', 2)
      if (process.stdin.isTTY && (await input({ message: `Type ${CONFIRM_PHRASE} to continue` })) !== CONFIRM_PHRASE)
        throw new CliError('not confirmed; nothing was changed')
      const r = await adminJson<ResetResult>(ctx.conn, 'POST', paths.adminResetDatabase())
      emit(ctx.json, r, () => printLine(r.message))
    })
}
