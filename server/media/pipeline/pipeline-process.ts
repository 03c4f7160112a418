/**
 * Runs the media pipeline's native work (sharp/libvips, the ffmpeg runs) in child processes (./pipeline-child.ts), so
 * the server process never loads libvips: the memory it holds after a burst of uploads is given back whole when a
 * child exits (docs/media-pipeline.md > In a child process). Each child runs one job at a time; a job takes an idle
 * child or starts one, and a child exits after CHILD_IDLE_EXIT_MS without a job. The number of children is bounded by
 * the pipeline queue's concurrency (./pipeline-queue.ts), which runs the jobs.
 */
import type { Subprocess } from 'bun'
import { join } from 'node:path'
import type { ImageLimits, ProcessedImage } from './image-pipeline'
import type { ProcessedVideo } from './video-pipeline'
import { MetadataLeftError, PipelineCrashedError, RefusedMediaError } from './media-errors'

/** A job for a child: an image of type at path within limits, or a video at path copied without metadata to strippedPath, its small rendition to smallPath. */
export type ChildJob =
  | { kind: 'image'; path: string; type: string; limits: ImageLimits }
  | { kind: 'video'; path: string; strippedPath: string; smallPath: string; timeoutSeconds: number }

/** A child's answer to a job: the result, or the error's message with status (RefusedMediaError) or metadataLeft (MetadataLeftError). */
export type ChildAnswer =
  | { ok: ProcessedImage | ProcessedVideo }
  | { error: { message: string; status?: 413 | 415; metadataLeft: boolean } }

/** How long a child stays without a job before it is stopped, ms: a burst of uploads starts one child per slot once. */
const CHILD_IDLE_EXIT_MS = 5000
/**
 * A job's wall-clock limit, in PIPELINE_TIMEOUT_SECONDS: a job makes at most four runs one after the other that each
 * stop at that timeout (a video's stream copy, poster frame, poster encode and small rendition; an image's runs beyond
 * the libuv threads).
 */
const JOB_TIMEOUT_RUNS = 4

const CHILD_ENTRY = join(import.meta.dir, 'pipeline-child.ts')

/** A running child: its process, the job it runs (settle), and when idle the timer that stops it. */
type Child = { proc: Subprocess; settle?: (answer: ChildAnswer | Error) => void; idleExit?: Timer }

const idleChildren: Child[] = []

/** Starts a child; when it exits, it leaves the idle list and its job, if any, fails with PipelineCrashedError. */
function startChild(): Child {
  const child: Child = {
    proc: Bun.spawn([process.execPath, CHILD_ENTRY], {
      stdio: ['ignore', 'inherit', 'inherit'],
      serialization: 'advanced',
      ipc: (answer: ChildAnswer) => child.settle?.(answer),
    }),
  }
  void child.proc.exited.then(() => {
    const at = idleChildren.indexOf(child)
    if (at >= 0) idleChildren.splice(at, 1)
    const how = child.proc.signalCode ? `was stopped by ${child.proc.signalCode}` : `exited with ${child.proc.exitCode}`
    child.settle?.(new PipelineCrashedError(`The media pipeline process ${how} while processing the file`))
  })
  return child
}

/** Puts child back in the idle list, to be stopped after CHILD_IDLE_EXIT_MS without a job. */
function release(child: Child): void {
  if (child.proc.exitCode !== null || child.proc.signalCode) return
  idleChildren.push(child)
  child.idleExit = setTimeout(() => {
    idleChildren.splice(idleChildren.indexOf(child), 1)
    child.proc.kill()
  }, CHILD_IDLE_EXIT_MS)
}

/** The error a child's answer stands for: RefusedMediaError, MetadataLeftError, or an Error with the child's message. */
function errorOf({ message, status, metadataLeft }: { message: string; status?: 413 | 415; metadataLeft: boolean }): Error {
  if (status) return new RefusedMediaError(status, message)
  return metadataLeft ? new MetadataLeftError(message) : new Error(message)
}

/**
 * Runs job in an idle child or a new one and resolves to its result. Rejects with the child's error (as errorOf maps
 * it), with an Error when the job outlives JOB_TIMEOUT_RUNS x timeoutSeconds (its child is killed), or with
 * PipelineCrashedError when the child dies during the job; either way the next job gets a fresh child.
 */
function runInChild<T>(job: ChildJob, timeoutSeconds: number): Promise<T> {
  const child = idleChildren.pop() ?? startChild()
  clearTimeout(child.idleExit)
  const limitSeconds = JOB_TIMEOUT_RUNS * timeoutSeconds
  return new Promise<T>((resolve, reject) => {
    const watchdog = setTimeout(() => {
      child.settle?.(new Error(`The media pipeline took longer than ${limitSeconds} s`))
      child.proc.kill('SIGKILL')
    }, limitSeconds * 1000)
    child.settle = (answer) => {
      clearTimeout(watchdog)
      child.settle = undefined
      if (answer instanceof Error) return reject(answer)
      if ('error' in answer) reject(errorOf(answer.error))
      else resolve(answer.ok as T)
      release(child)
    }
    child.proc.send(job)
  })
}

/** processImage (./image-pipeline.ts) run in a child: the same result and errors, plus runInChild's. */
export const processImageInChild = (path: string, type: string, limits: ImageLimits) =>
  runInChild<ProcessedImage>({ kind: 'image', path, type, limits }, limits.timeoutSeconds)

/** processVideo (./video-pipeline.ts) run in a child: the same result and errors, plus runInChild's. */
export const processVideoInChild = (path: string, strippedPath: string, smallPath: string, timeoutSeconds: number) =>
  runInChild<ProcessedVideo>({ kind: 'video', path, strippedPath, smallPath, timeoutSeconds }, timeoutSeconds)
