/**
 * The media pipeline end to end: turns the original file of an item into the objects visitors may fetch
 * (the stripped copy under the item's own key, its WebP variants, the poster of a video or an animation, a video's small
 * rendition) and the row fields that describe them. The original bytes are not kept: the stripped copy replaces them under the item key.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { mkdir, rm } from 'node:fs/promises'
import type { Storage } from '../../storage/storage'
import type { StoredVariant } from '../../db/schema'
import type { Config } from '../../config'
import { derivedKeysOf, posterKey, smallVideoKey, variantKey } from '../media-keys'
import { sha256Hex } from '../content-hash'
import { logger } from '../../core/log'
import { timePipeline } from '../../core/metrics'
import { releaseFreeNativeMemory } from './native-memory'
import { UnreadableMediaError, RefusedMediaError, MetadataLeftError, PipelineCrashedError } from './media-errors'
import { processImageInChild, processVideoInChild } from './pipeline-process'
import { pipelineQueueFor } from './pipeline-queue'

/**
 * What the pipeline records on the media row. width/height in px as displayed; durationMs null for images; frames of
 * an image (more than 1: an animation, with a poster), null for videos; variants an image's WebP variants, or a video's
 * small rendition (one entry; empty when its encode failed, so a reprocess tries again; null when it was not smaller
 * than the copy, so none is kept); storedSha256 the SHA-256 (hex) of the stripped
 * copy written under the item key; phash the perceptual hash (16 hex digits) of the image, an animation's first frame
 * or a video's poster frame (./perceptual-hash.ts).
 */
export type ProcessedFields = {
  width: number
  height: number
  durationMs: number | null
  frames: number | null
  placeholder: string
  variants: StoredVariant[] | null
  processedAt: string
  storedSha256: string
  phash: string
}

const putBytes = (storage: Storage, key: string, bytes: Uint8Array, contentType: string) =>
  storage.put(key, new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), { size: bytes.length, contentType })

/**
 * Runs the writes in order (each answers the key it wrote). When one fails, it deletes every key written except keep
 * (an object that was there before: an imported or reprocessed item) and rethrows, so a failure (a full disk)
 * leaves no new object of the item. The item's own object comes first: a derived object never exists without its
 * item, and a process killed in between leaves an item without variants, which `hotvote media reprocess` or the
 * bucket import completes.
 */
async function putAllOrNone(storage: Storage, writes: (() => Promise<string>)[], keep: string | undefined): Promise<void> {
  const written: string[] = []
  try {
    for (const write of writes) written.push(await write())
  } catch (e) {
    await Promise.all(written.filter((key) => key !== keep).map((key) => storage.delete(key).catch(() => false)))
    throw e
  }
}

/** How long the pipeline stays idle before its freed memory is released, ms: a burst of uploads pays for it once. */
const PIPELINE_IDLE_RELEASE_MS = 1000
/** Items being processed now. */
let inFlight = 0
let idleRelease: Timer | undefined

/** A decoding failure as UnreadableMediaError; a refusal (RefusedMediaError), metadata left in an output (MetadataLeftError) and a crashed child (PipelineCrashedError) as they are. */
const asUnreadable = (e: Error) => {
  throw e instanceof RefusedMediaError || e instanceof MetadataLeftError || e instanceof PipelineCrashedError
    ? e
    : new UnreadableMediaError(e.message)
}

/**
 * Processes the original at sourcePath (of type, an accepted MIME type) for the item stored at itemKey and writes
 * the stripped copy under itemKey, then every derived object (putAllOrNone: all of them or none). The work waits its
 * turn in the process's pipeline queue (./pipeline-queue.ts) and runs within config.pipeline's limits.
 * now is the processedAt stamp; opts.itemStored: itemKey already holds the item (import, reprocess), so a failure keeps
 * it (it may then hold the stripped copy without variants, which a later reprocess completes); opts.mayRefuse: a full
 * queue refuses the job (an upload) instead of waiting (an admin job). Throws PipelineBusyError when refused,
 * RefusedMediaError over a limit or for a codec not served, UnreadableMediaError when the file cannot be decoded; a
 * storage error propagates after the variants or poster written so far are deleted. Each run is timed
 * (hotvote_media_pipeline_duration_seconds) and each failure logged; a second after the pipeline runs dry, its freed
 * memory is returned to the system.
 */
export function processMediaFile(
  deps: { storage: Storage; tmpDir: string; config: Config },
  itemKey: string,
  type: string,
  sourcePath: string,
  now: Date,
  opts: { itemStored: boolean; mayRefuse: boolean },
): Promise<ProcessedFields> {
  return pipelineQueueFor(deps.config).run(
    () => observed(type, () => processNow(deps, itemKey, type, sourcePath, now, opts.itemStored)),
    opts,
  )
}

/** Runs job, the processing of one item of type: timed, its failure logged, and the idle release scheduled after the last one. */
async function observed<T>(type: string, job: () => Promise<T>): Promise<T> {
  const kind = type === 'video/mp4' ? 'video' : 'image'
  const done = timePipeline(kind)
  inFlight++
  clearTimeout(idleRelease)
  try {
    return await job()
  } catch (e) {
    logger.warn({ kind, type, unreadable: e instanceof UnreadableMediaError, problem: (e as Error).message }, 'media pipeline failed')
    throw e
  } finally {
    done()
    if (--inFlight === 0) idleRelease = setTimeout(releaseFreeNativeMemory, PIPELINE_IDLE_RELEASE_MS).unref()
  }
}

/** processMediaFile's work, run when its turn comes. */
async function processNow(
  deps: { storage: Storage; tmpDir: string; config: Config },
  itemKey: string,
  type: string,
  sourcePath: string,
  now: Date,
  itemStored: boolean,
): Promise<ProcessedFields> {
  const processedAt = now.toISOString()
  const keep = itemStored ? itemKey : undefined
  const { timeoutSeconds, maxFrames } = deps.config.pipeline
  // sharp and the video tools run in a child process (./pipeline-process.ts): the server process never loads them.
  if (type === 'video/mp4') {
    await mkdir(deps.tmpDir, { recursive: true })
    const job = randomUUID()
    const stripped = join(deps.tmpDir, `stripped-${job}.mp4`)
    const small = join(deps.tmpDir, `small-${job}.mp4`)
    const putFile = (key: string, path: string) =>
      deps.storage.put(key, Bun.file(path).stream(), { size: Bun.file(path).size, contentType: type }).then(() => key)
    try {
      const video = await processVideoInChild(sourcePath, stripped, small, timeoutSeconds).catch(asUnreadable)
      if (video.smallFailed) logger.warn({ kind: 'video', problem: video.smallFailed }, 'small video rendition skipped')
      await putAllOrNone(
        deps.storage,
        [
          () => putFile(itemKey, stripped),
          () => putBytes(deps.storage, posterKey(itemKey), video.poster.bytes, 'image/webp').then(() => posterKey(itemKey)),
          ...(video.small ? [() => putFile(smallVideoKey(itemKey), small)] : []),
        ],
        keep,
      )
      // A reprocessed item whose new rendition is not kept loses the old one.
      if (!video.small && itemStored) await deps.storage.delete(smallVideoKey(itemKey))
      const storedSha256 = await sha256Hex(Bun.file(stripped).stream())
      return {
        width: video.width,
        height: video.height,
        durationMs: video.durationMs,
        frames: null,
        placeholder: video.placeholder,
        variants: video.small ? [video.small] : video.smallFailed ? [] : null,
        processedAt,
        storedSha256,
        phash: video.phash,
      }
    } finally {
      await Promise.all([rm(stripped, { force: true }), rm(small, { force: true })])
    }
  }
  const image = await processImageInChild(sourcePath, type, { maxFrames, timeoutSeconds }).catch(asUnreadable)
  await putAllOrNone(
    deps.storage,
    [
      () => putBytes(deps.storage, itemKey, image.display.bytes, type).then(() => itemKey),
      ...image.variants.map(
        (v) => () => putBytes(deps.storage, variantKey(itemKey, v.width), v.bytes, 'image/webp').then(() => variantKey(itemKey, v.width)),
      ),
      ...(image.poster ? [image.poster] : []).map(
        (poster) => () => putBytes(deps.storage, posterKey(itemKey), poster.bytes, 'image/webp').then(() => posterKey(itemKey)),
      ),
    ],
    keep,
  )
  const variants = image.variants.map((v) => ({ width: v.width, height: v.height, size: v.bytes.length }))
  return {
    width: image.display.width,
    height: image.display.height,
    durationMs: null,
    frames: image.frames,
    placeholder: image.placeholder,
    variants,
    processedAt,
    storedSha256: await sha256Hex(image.display.bytes),
    phash: image.phash,
  }
}

/**
 * Deletes an item's object and every derived object it may have (derivedKeysOf itemKey and variants, its row's; null
 * when it has no row), without listing the bucket; true when the item's own object existed.
 */
export async function deleteItemObjects(storage: Storage, itemKey: string, variants: StoredVariant[] | null): Promise<boolean> {
  await Promise.all(derivedKeysOf(itemKey, variants).map((key) => storage.delete(key)))
  return storage.delete(itemKey)
}
