/** `hotvote import`: turn valid media in the bucket into media rows (POST /api/admin/import-media). */
import type { Command } from 'commander'
import type { ImportResult } from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson } from '../lib/http'
import { emit, printFields } from '../lib/output'

/** Registers the command. */
export function registerImport(program: Command): void {
  program
    .command('import')
    .description('Import media dropped into the bucket')
    .addHelpText('after', '\nExample:\n  hotvote import --url https://hotvote.example')
    .action(async (_: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const r = await adminJson<ImportResult>(ctx.conn, 'POST', paths.adminImportMedia())
      emit(ctx.json, r, () => printFields({ imported: r.imported, skipped: r.skipped, errors: r.errors, total: r.totalFiles }))
    })
}
