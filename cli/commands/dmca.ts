/** `hotvote dmca ls|set`: list takedown requests and change their status (admin-back-office §2 DMCA, §4). */
import type { Command } from 'commander'
import type { AdminDmca, DmcaUpdateAnswer } from '@contract/admin/dmca'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminAllPages, adminJson } from '../lib/http'
import { emit, printFields, printTable } from '../lib/output'

/** Registers the commands. */
export function registerDmca(program: Command): void {
  const dmca = program.command('dmca').description('Manage copyright takedown requests')
  dmca
    .command('ls')
    .description('List every request (read page by page)')
    .option('--status <status>', 'only pending, reviewed, resolved or rejected')
    .action(async (opts: { status?: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const all = await adminAllPages(ctx.conn, paths.adminDmcaTakedowns, (page: AdminDmca[]) => page)
      const list = opts.status ? all.filter((t) => t.status === opts.status) : all
      emit(ctx.json, list, () =>
        printTable(
          ['id', 'reference', 'status', 'complainant', 'media', 'filed'],
          list.map((t) => [t.id, t.referenceNumber, t.status, `${t.complainantName} <${t.complainantEmail}>`, t.mediaId, t.createdAt]),
        ),
      )
    })
  dmca
    .command('set <id> <status>')
    .description('Change a request status (pending -> reviewed/resolved/rejected, reviewed -> resolved/rejected, back to pending)')
    .option('--notes <text>', 'admin notes', '')
    .addHelpText('after', '\nExample:\n  hotvote dmca set 12 resolved --notes "media removed"')
    .action(async (id: string, status: string, opts: { notes: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const r = await adminJson<DmcaUpdateAnswer>(ctx.conn, 'PATCH', paths.adminDmcaTakedown(id), { status, adminNotes: opts.notes })
      emit(ctx.json, r, () => printFields({ request: id, status: r.status, result: r.message }))
    })
}
