/**
 * One bounded queue of media pipeline jobs per configuration, so per server process: at most `concurrency` jobs run
 * (sharp and ffmpeg are CPU-bound), at most `maxWaiting` more wait their turn, and a job that would wait beyond that is
 * refused at once (PipelineBusyError: the upload answers 503 with Retry-After) instead of piling up memory and temp files.
 */
import type { Config } from '../../config'
import { PipelineBusyError } from './media-errors'
import { registerPipelineQueueLength } from '../../core/metrics'

/** Seconds a refused upload is told to wait (Retry-After): about the time a queued job takes. */
const RETRY_AFTER_SECONDS = 10

/**
 * A bounded job queue. run(job, { mayRefuse }) runs job in its turn (mayRefuse: refuse when the waiting line is full;
 * admin jobs, one at a time each, always wait); refusal() is the PipelineBusyError a refusable job would get now, else undefined;
 * waitingCount() the jobs waiting for their turn.
 */
export type PipelineQueue = {
  run<T>(job: () => Promise<T>, opts: { mayRefuse: boolean }): Promise<T>
  refusal(): PipelineBusyError | undefined
  waitingCount(): number
}

/** A queue running at most concurrency jobs at once with at most maxWaiting refusable jobs waiting. */
export function createPipelineQueue(concurrency: number, maxWaiting: number): PipelineQueue {
  let running = 0
  const waiting: (() => void)[] = []
  const refusal = () => (running >= concurrency && waiting.length >= maxWaiting ? new PipelineBusyError(RETRY_AFTER_SECONDS) : undefined)
  return {
    refusal,
    waitingCount: () => waiting.length,
    async run(job, { mayRefuse }) {
      const refused = mayRefuse ? refusal() : undefined
      if (refused) throw refused
      if (running < concurrency) running++
      // The slot is handed over by the job that ends, so running stays counted.
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await job()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else running--
      }
    },
  }
}

const queues = new WeakMap<Config, PipelineQueue>()

/** The queue of config (created on first use with config.pipeline's concurrency and queue length; hotvote_pipeline_queue_length reports it). */
export function pipelineQueueFor(config: Config): PipelineQueue {
  let queue = queues.get(config)
  if (!queue) {
    queues.set(config, (queue = createPipelineQueue(config.pipeline.concurrency, config.pipeline.queueLength)))
    registerPipelineQueueLength(queue.waitingCount)
  }
  return queue
}
