/**
 * The media pipeline's child process, started by ./pipeline-process.ts: it alone loads sharp, libvips and the video
 * tools, so the server process never holds their memory. It runs each job message (a ChildJob) through processImage
 * or processVideo and answers one ChildAnswer per job, in order; it exits when its parent closes the IPC channel.
 */
import { processImage } from './image-pipeline'
import { processVideo } from './video-pipeline'
import { MetadataLeftError, RefusedMediaError } from './media-errors'
import type { ChildAnswer, ChildJob } from './pipeline-process'

/** The answer to job: its result, or its error as plain fields (status for a RefusedMediaError, metadataLeft for a MetadataLeftError). */
async function answer(job: ChildJob): Promise<ChildAnswer> {
  try {
    if (job.kind === 'video') return { ok: await processVideo(job.path, job.strippedPath, job.smallPath, job.timeoutSeconds) }
    return { ok: await processImage(job.path, job.type, job.limits) }
  } catch (e) {
    const error = e as Error
    return {
      error: {
        message: error.message,
        status: e instanceof RefusedMediaError ? e.status : undefined,
        metadataLeft: e instanceof MetadataLeftError,
      },
    }
  }
}

process.on('message', async (job: ChildJob) => process.send!(await answer(job)))
process.on('disconnect', () => process.exit(0))
