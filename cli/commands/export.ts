/**
 * `hotvote export votes|audit`: stream the votes xlsx or the audit-log JSON to a file (default names as in the spec),
 * with a progress bar of bytes on stderr. The file is created with mode 0600 (cli/lib/private-file.ts) beside the target
 * as `<file>.part` and renamed when complete, so an interrupted download never leaves a file that looks whole.
 */
import type { Command } from 'commander'
import { paths } from '@contract/paths'
import { SingleBar, Presets } from 'cli-progress'
import { contextOf, type Context } from '../lib/context'
import { adminFetch } from '../lib/http'
import { emit, printLine } from '../lib/output'
import { writePrivateFile } from '../lib/private-file'
import { rename, rm } from 'node:fs/promises'

const today = () => new Date().toISOString().slice(0, 10)

/** Streams the answer of path into file; answers the bytes written. */
async function download(ctx: Context, path: string, file: string): Promise<number> {
  const res = await adminFetch(ctx.conn, 'GET', path)
  const bar =
    ctx.json || !process.stderr.isTTY
      ? null
      : new SingleBar({ format: `${file} {value} bytes`, stream: process.stderr }, Presets.shades_classic)
  bar?.start(0, 0)
  const part = `${file}.part`
  try {
    const bytes = await writePrivateFile(part, res.body!, (total) => bar?.update(total))
    await rename(part, file)
    return bytes
  } finally {
    bar?.stop()
    await rm(part, { force: true })
  }
}

/** Registers the commands. */
export function registerExport(program: Command): void {
  const exp = program.command('export').description('Export votes or audit logs to a file')
  exp
    .command('votes')
    .description('Every vote as an Excel file (user_id, media_id, is_hot, voted_at)')
    .option('-o, --output <file>', 'file to write (default votes_export_YYYY-MM-DD.xlsx)')
    .addHelpText('after', '\nExample:\n  hotvote export votes -o /backups/votes.xlsx')
    .action(async (opts: { output?: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const file = opts.output ?? `votes_export_${today()}.xlsx`
      const bytes = await download(ctx, paths.adminExportVotes(), file)
      emit(ctx.json, { file, bytes }, () => printLine(`wrote ${file} (${bytes} bytes)`))
    })
  exp
    .command('audit')
    .description('Audit log entries as JSON')
    .option('-o, --output <file>', 'file to write (default audit-logs-YYYY-MM-DD.json)')
    .option('--event <type>', 'only this event type')
    .option('--date <YYYY-MM-DD>', 'only this day')
    .option('--search <text>', 'only entries containing this text')
    .addHelpText('after', '\nExample:\n  hotvote export audit --event INACTIVE_USER_PURGE --date 2026-11-22')
    .action(async (opts: { output?: string; event?: string; date?: string; search?: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const file = opts.output ?? `audit-logs-${today()}.json`
      const bytes = await download(
        ctx,
        paths.adminAuditLogs({ eventType: opts.event, date: opts.date, search: opts.search, export: true }),
        file,
      )
      emit(ctx.json, { file, bytes }, () => printLine(`wrote ${file} (${bytes} bytes)`))
    })
}
