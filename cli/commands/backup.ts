/**
 * `hotvote backup -o FILE`: downloads a consistent copy of the database from the running server
 * (GET /api/admin/backup: the SQLite file, or a pg_dump archive on PostgreSQL), checks it and writes it, created with
 * mode 0600 (cli/lib/private-file.ts).
 */
import type { Command } from 'commander'
import { paths } from '@contract/paths'
import { rename, rm } from 'node:fs/promises'
import { contextOf } from '../lib/context'
import { CliError, adminFetch } from '../lib/http'
import { emit, printFields } from '../lib/output'
import { checkHotVoteDatabase, sha256File } from '../lib/sqlite-file'
import { writePrivateFile } from '../lib/private-file'

/** Registers the command. */
export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('Write a consistent copy of the database, taken while the server runs (restore it with `hotvote restore`)')
    .requiredOption('-o, --output <file>', 'file to write, e.g. hotvote-2026-11-22.sqlite (a .dump pg_dump archive on PostgreSQL)')
    .addHelpText(
      'after',
      '\nOn PostgreSQL the server runs pg_dump, which must be on its PATH.\nThe bucket is not in the file: list it with `hotvote bucket ls --checksums` and copy it with your storage tools.\n\nExample:\n  hotvote backup -o /backups/hotvote-$(date +%F).sqlite',
    )
    .action(async (opts: { output: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const res = await adminFetch(ctx.conn, 'GET', paths.adminBackup())
      // Written beside the target first, so an interrupted download never leaves a file that looks like a backup.
      const part = `${opts.output}.part`
      try {
        await writePrivateFile(part, res.body!)
        // A pg_dump custom-format archive starts with PGDMP; pg_restore --list reads it back.
        const isPgDump = res.headers.get('content-type') === 'application/vnd.postgresql.pg-dump'
        if (isPgDump && (await Bun.file(part).slice(0, 5).text()) !== 'PGDMP')
          throw new CliError(`${opts.output}: the server's answer is not a pg_dump archive`)
        const counts = isPgDump ? { format: 'pg_dump' } : checkHotVoteDatabase(part)
        await rename(part, opts.output)
        const result = { file: opts.output, bytes: Bun.file(opts.output).size, sha256: await sha256File(opts.output), ...counts }
        emit(ctx.json, result, () => printFields(result))
      } finally {
        await rm(part, { force: true })
      }
    })
}
