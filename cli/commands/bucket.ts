/** `hotvote bucket ls|rm|dupes`: list, delete and find duplicate objects in the bucket (admin-back-office §2 Bucket). */
import type { Command } from 'commander'
import type { BucketDeleteResult, BucketList, DuplicateScan } from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminAllPages, adminJson } from '../lib/http'
import { emit, printFields, printLine, printTable } from '../lib/output'

/** Registers the commands. */
export function registerBucket(program: Command): void {
  const bucket = program.command('bucket').description('Manage the storage bucket')
  bucket
    .command('ls')
    .description('List every object (read page by page); --checksums adds the SHA-256 of each (a manifest for copying the bucket)')
    .option('--checksums', 'read every object and print its SHA-256')
    .addHelpText('after', '\nExample:\n  hotvote --json bucket ls --checksums > bucket-manifest.json')
    .action(async (opts: { checksums?: boolean }, cmd: Command) => {
      const ctx = contextOf(cmd)
      let provider = ''
      const files = await adminAllPages(
        ctx.conn,
        (page) => paths.adminBucketFiles({ checksums: opts.checksums, ...page }),
        (answer: BucketList) => {
          provider = answer.provider
          return answer.files
        },
      )
      const r: BucketList = { files, provider }
      const head = opts.checksums ? ['key', 'bytes', 'modified', 'sha256'] : ['key', 'bytes', 'modified']
      emit(ctx.json, r, () =>
        printTable(
          head,
          r.files.map((f) => [f.key, f.size, f.lastModified, ...(opts.checksums ? [f.sha256 ?? ''] : [])]),
        ),
      )
    })
  bucket
    .command('rm <keys...>')
    .description('Delete objects (and their media rows); unknown or unsafe keys are reported')
    .addHelpText('after', '\nExample:\n  hotvote bucket rm media/2026/11/abc.jpg')
    .action(async (keys: string[], _: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const r = await adminJson<BucketDeleteResult>(ctx.conn, 'POST', paths.adminDeleteBucketFiles(), { filenames: keys })
      emit(ctx.json, r, () => printFields({ deleted: r.deleted, errors: r.errors.join('; ') || 'none' }))
      if (r.errors.length) process.exitCode = 1
    })
  bucket
    .command('dupes')
    .description('Find duplicates; --select deletes all but the newest of each identical-content group')
    .option('--select', 'delete the older copies of identical files')
    .action(async (opts: { select?: boolean }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const r = await adminJson<DuplicateScan>(ctx.conn, 'GET', paths.adminFindDuplicates())
      const older = r.duplicateGroups
        .filter((g) => g.type === 'hash')
        .flatMap((g) =>
          [...g.files]
            .sort((a, b) => b.lastModified.localeCompare(a.lastModified))
            .slice(1)
            .map((f) => f.key),
        )
      const removed =
        opts.select && older.length
          ? await adminJson<BucketDeleteResult>(ctx.conn, 'POST', paths.adminDeleteBucketFiles(), { filenames: older })
          : null
      emit(ctx.json, { ...r, selected: older, removed }, () => {
        printTable(
          ['type', 'criteria', 'files'],
          r.duplicateGroups.map((g) => [g.type, g.criteria, g.files.map((f) => f.key).join('\n')]),
        )
        if (removed) printLine(`deleted ${removed.deleted} older copies`)
      })
    })
}
