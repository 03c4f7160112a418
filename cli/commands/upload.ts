/**
 * `hotvote upload <files or folders...>`: streams local media into the bucket (POST /api/admin/bucket-upload) so
 * `hotvote import` can import it; unsupported or oversize files are skipped with the reason.
 */
import type { Command } from 'commander'
import { readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { checkUploadFile } from '@contract/media'
import type { BucketUploadAnswer } from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson, CliError, HttpFailure } from '../lib/http'
import { emit, printTable } from '../lib/output'

/** Every file under the given paths (folders walked recursively). */
function filesUnder(paths: string[]): string[] {
  return paths.flatMap((p) => {
    const s = statSync(p, { throwIfNoEntry: false })
    if (!s) throw new CliError(`${p}: no such file or folder`, 2)
    return s.isDirectory() ? filesUnder(readdirSync(p).map((n) => join(p, n))) : [p]
  })
}

/** Registers the command. */
export function registerUpload(program: Command): void {
  program
    .command('upload <paths...>')
    .description('Upload local photos and videos into the bucket (then run `hotvote import`)')
    .addHelpText('after', '\nExample:\n  hotvote upload ~/Pictures/new && hotvote import')
    .action(async (inputs: string[], _: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const results: { file: string; status: string; key?: string; reason?: string }[] = []
      for (const path of filesUnder(inputs)) {
        const reason = checkUploadFile(basename(path), statSync(path).size)
        if (reason) {
          results.push({ file: path, status: 'skipped', reason })
          continue
        }
        const form = new FormData()
        form.append('file', Bun.file(path), basename(path))
        try {
          const r = await adminJson<BucketUploadAnswer>(ctx.conn, 'POST', paths.adminBucketUpload(), form)
          results.push({ file: path, status: 'uploaded', key: r.key })
        } catch (e) {
          if (e instanceof HttpFailure && e.status === 401) throw e
          results.push({ file: path, status: 'failed', reason: (e as Error).message })
        }
      }
      emit(ctx.json, results, () => printTable(['file', 'status', 'key or reason'], results.map((r) => [r.file, r.status, r.key ?? r.reason ?? ''])))
      if (results.some((r) => r.status === 'failed')) process.exitCode = 1
    })
}
