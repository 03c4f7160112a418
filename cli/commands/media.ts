/**
 * `hotvote media duplicates [--near] [--json]`: the duplicate groups of Find Duplicates (identical content, equal
 * size, similar names), or with --near the near-duplicate groups of media items (perceptual hashes within
 * NEAR_DUPLICATE_DISTANCE), one line per item.
 * `hotvote media reprocess [--dry-run] [--since DATE]`: runs the media pipeline on items stored
 * before it (stripped copy, variants, poster, placeholder) and on GIF and WebP items processed before it counted
 * frames (an animation gets its still poster) in batches, with a progress bar. Every item is saved as it
 * is done, so a run stopped at any point resumes where it stopped; a run with nothing left does nothing.
 */
import type { Command } from 'commander'
import { SingleBar, Presets } from 'cli-progress'
import { contextOf } from '../lib/context'
import { adminJson } from '../lib/http'
import { emit, printFields, printLine } from '../lib/output'
import type { ReprocessAnswer, ReprocessStatus } from '@contract/admin/reprocess'
import type { DuplicateScan } from '@contract/admin/bucket'
import { paths } from '@contract/paths'

/** Items one call processes: a few seconds of work, so the bar moves and a stop loses little. */
const BATCH = 5

/** Registers `media` and its `duplicates` and `reprocess` subcommands. */
export function registerMedia(program: Command): void {
  const media = program.command('media').description('Media maintenance')
  media
    .command('duplicates')
    .description('List groups of duplicate files; --near: media items that look alike (resized, re-encoded, cropped copies)')
    .option('--near', 'near-duplicate groups of media items instead of the exact groups')
    .addHelpText('after', '\nExamples:\n  hotvote media duplicates\n  hotvote media duplicates --near --json')
    .action(async (opts: { near?: boolean }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const scan = await adminJson<DuplicateScan>(ctx.conn, 'GET', paths.adminFindDuplicates())
      if (opts.near)
        return emit(ctx.json, { distance: scan.nearDuplicateDistance, groups: scan.nearDuplicateGroups }, () => {
          printLine(`${scan.nearDuplicateGroups.length} near-duplicate groups (distance at most ${scan.nearDuplicateDistance})`)
          for (const [i, g] of scan.nearDuplicateGroups.entries()) {
            printLine(`group ${i + 1}: ${g.items.length} items, distance up to ${g.distance}`)
            for (const item of g.items)
              printLine(
                `  ${item.id}\t${item.key}\tdistance ${item.distance}${item.oldest ? '\toldest' : ''}${item.hidden ? '\thidden' : ''}`,
              )
          }
        })
      emit(ctx.json, { message: scan.message, groups: scan.duplicateGroups }, () => {
        printLine(scan.message)
        for (const g of scan.duplicateGroups) {
          printLine(`${g.type}: ${g.criteria}`)
          for (const f of g.files) printLine(`  ${f.key}`)
        }
      })
    })
  media
    .command('reprocess')
    .description('Make display variants, placeholders, posters and metadata-free copies for media stored without them')
    .option('--dry-run', 'only count the items that would be processed')
    .option('--since <date>', 'only media uploaded on or after this ISO date (e.g. 2026-11-01)')
    .addHelpText('after', '\nExamples:\n  hotvote media reprocess --dry-run\n  hotvote media reprocess --since 2026-11-01')
    .action(async (opts: { dryRun?: boolean; since?: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const { pending } = await adminJson<ReprocessStatus>(ctx.conn, 'GET', paths.adminReprocess(opts.since))
      if (opts.dryRun) return emit(ctx.json, { dryRun: true, pending }, () => printFields({ 'would process': pending }))
      const bar =
        ctx.json || !process.stderr.isTTY || pending === 0
          ? null
          : new SingleBar({ format: 'media {bar} {value}/{total}  failed {failed}', stream: process.stderr }, Presets.shades_classic)
      bar?.start(pending, 0, { failed: 0 })
      const totals = { processed: 0, failed: 0, errors: [] as string[] }
      let afterId = 0
      for (let remaining = pending; remaining > 0; ) {
        const r = await adminJson<ReprocessAnswer>(ctx.conn, 'POST', paths.adminReprocess(), { since: opts.since, afterId, limit: BATCH })
        if (r.lastId === null) break
        totals.processed += r.processed
        totals.failed += r.failed
        totals.errors.push(...r.errors)
        afterId = r.lastId
        remaining = r.remaining
        bar?.update(totals.processed + totals.failed, { failed: totals.failed })
      }
      bar?.stop()
      emit(ctx.json, totals, () => {
        printFields({ processed: totals.processed, failed: totals.failed })
        for (const e of totals.errors) printLine(`  ${e}`, process.stderr)
      })
    })
}
