/**
 * The media backfill (`hotvote media reprocess`): items stored before the pipeline get their stripped
 * copy, variants, poster and placeholder, and GIF and WebP items processed before the pipeline counted frames are
 * processed again (an animation gets its still poster). Each item is saved as soon as it is done, so a run stopped at any point
 * resumes with the items still unprocessed, and a run after a complete one finds nothing to do.
 */
import type { Deps } from '../../core/deps'
import type { ReprocessAnswer, ReprocessInput } from '../../contract/admin/reprocess'
import { processMediaFile } from '../../media/pipeline/process-media'
import { withSpooledObject } from '../../media/spool-object'
import { countUnprocessedMedia, findUnprocessedMedia, saveProcessedFields, type MediaRow } from '../../repositories/media.repository'

/** Copies the stored object of row into a temp file, runs the pipeline on it and saves the outputs. Throws when the object is missing, not media or unreadable. */
async function reprocessItem(deps: Deps, row: MediaRow): Promise<void> {
  const done = await withSpooledObject(deps, row.storageKey, async ({ path, type }) => {
    if (!type) throw new Error('stored object is not media')
    await saveProcessedFields(
      deps.db,
      row.id,
      await processMediaFile(deps, row.storageKey, row.mimeType, path, deps.clock.now(), { itemStored: true, mayRefuse: false }),
    )
    return true
  })
  if (!done) throw new Error('stored object is missing')
}

/** {pending}: unprocessed items uploaded at or after since (the dry run). */
export const reprocessStatus = async (deps: Pick<Deps, 'db'>, since?: string) => ({ pending: await countUnprocessedMedia(deps.db, since) })

/** Processes one batch (see ReprocessInputSchema); a failing item is reported and skipped, never retried within a run. */
export async function reprocessMediaBatch(deps: Deps, input: ReprocessInput): Promise<ReprocessAnswer> {
  const rows = await findUnprocessedMedia(deps.db, input.since, input.afterId, input.limit)
  const errors: string[] = []
  for (const row of rows) {
    try {
      await reprocessItem(deps, row)
    } catch (e) {
      errors.push(`${row.id} ${row.storageKey}: ${(e as Error).message}`)
    }
  }
  const lastId = rows.at(-1)?.id ?? null
  return {
    processed: rows.length - errors.length,
    failed: errors.length,
    errors,
    lastId,
    remaining: await countUnprocessedMedia(deps.db, input.since, lastId ?? input.afterId),
  }
}
