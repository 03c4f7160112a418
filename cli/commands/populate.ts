/** `hotvote populate [--max-batches N]`: call vote population until complete, with a progress bar of media processed. */
import type { Command } from 'commander'
import type { PopulationResult } from '@contract/admin/votes'
import { paths } from '@contract/paths'
import { SingleBar, Presets } from 'cli-progress'
import { contextOf } from '../lib/context'
import { adminJson } from '../lib/http'
import { emit, printFields } from '../lib/output'

/** Registers the command. */
export function registerPopulate(program: Command): void {
  program
    .command('populate')
    .description('Add synthetic votes (10-50 per item, 70-100% Hot) until every item has them')
    .option('--max-batches <n>', 'stop after this many calls of about 500 votes', (v) => Number.parseInt(v, 10))
    .addHelpText('after', '\nExamples:\n  hotvote populate\n  hotvote populate --max-batches 2 --json')
    .action(async (opts: { maxBatches?: number }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const bar =
        ctx.json || !process.stderr.isTTY
          ? null
          : new SingleBar({ format: 'media {bar} {value}/{total}  votes {votes}', stream: process.stderr }, Presets.shades_classic)
      let r: PopulationResult
      let batches = 0
      do {
        r = await adminJson<PopulationResult>(ctx.conn, 'POST', paths.adminPopulateVotes())
        batches++
        if (bar)
          batches === 1
            ? bar.start(r.totalMediaCount, r.mediaProcessed, { votes: r.totalVotesInserted })
            : bar.update(r.mediaProcessed, { votes: r.totalVotesInserted })
      } while (r.paused && (opts.maxBatches === undefined || batches < opts.maxBatches))
      bar?.stop()
      emit(ctx.json, { ...r, batches }, () =>
        printFields({
          status: r.paused ? 'paused' : 'complete',
          batches,
          media: `${r.mediaProcessed}/${r.totalMediaCount}`,
          votes: r.totalVotesInserted,
          'users created': r.usersCreated,
          'hot %': r.overallHotPercentage,
          'user ids': r.userIdRange,
        }),
      )
    })
}
