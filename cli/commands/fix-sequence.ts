/** `hotvote fix-sequence`: set the users id sequence to the current largest id. */
import type { Command } from 'commander'
import type { SequenceFixResult } from '@contract/admin/maintenance'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson } from '../lib/http'
import { emit, printLine } from '../lib/output'

/** Registers the command. */
export function registerFixSequence(program: Command): void {
  program
    .command('fix-sequence')
    .description('Repair the users id sequence')
    .action(async (_: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const r = await adminJson<SequenceFixResult>(ctx.conn, 'POST', paths.adminFixSequence())
      emit(ctx.json, r, () => printLine(`next user id: ${r.nextUserId}`))
    })
}
