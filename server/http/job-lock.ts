/**
 * One run at a time of each admin job (and of the cleanup of expired resumable uploads) across every instance of the site (docs/operations.md > Jobs):
 * a run claims the job's row in the database, renews it every JOB_HEARTBEAT_MS while it works, and frees it when it
 * ends. A second call while a run holds it is refused at once with 409 JSON; a lock left by a stopped instance
 * expires after JOB_LOCK_MS.
 */
import { randomUUID } from 'node:crypto'
import type { Deps } from '../core/deps'
import { claimJobLock, extendJobLock, releaseJobLock } from '../repositories/job-locks.repository'
import { HttpError } from './errors'

/** How long a lock holds without a heartbeat, ms. */
export const JOB_LOCK_MS = 2 * 60 * 1000
/** How often a running job renews its lock, ms. */
export const JOB_HEARTBEAT_MS = 30 * 1000

/** The admin jobs that run one at a time, with the name the 409 message gives them. */
export const JOBS = {
  votePopulation: 'vote population',
  voteExport: 'vote export',
  mediaImport: 'media import',
  inactivePurge: 'purge of inactive accounts',
  databaseReset: 'database reset',
  mediaReprocess: 'media reprocess',
  resumableCleanup: 'cleanup of expired resumable uploads',
} as const

/** The 409 message while job runs elsewhere. */
export const alreadyRunning = (job: keyof typeof JOBS) => `A ${JOBS[job]} is already running. Try again when it has finished.`

/** Claims job and answers the function that frees it; rejects with HttpError 409 while another run holds it. */
export async function startJob(deps: Pick<Deps, 'db' | 'clock'>, job: keyof typeof JOBS): Promise<() => Promise<void>> {
  const holder = randomUUID()
  const until = () => new Date(deps.clock.now().getTime() + JOB_LOCK_MS).toISOString()
  if (!(await claimJobLock(deps.db, job, holder, deps.clock.now().toISOString(), until()))) throw new HttpError(409, alreadyRunning(job))
  const heartbeat = setInterval(() => void extendJobLock(deps.db, job, holder, until()).catch(() => {}), JOB_HEARTBEAT_MS)
  return async () => {
    clearInterval(heartbeat)
    await releaseJobLock(deps.db, job, holder)
  }
}

/** Runs run() holding job's lock (startJob); rejects with HttpError 409 while another run holds it. */
export async function withJobLock<T>(deps: Pick<Deps, 'db' | 'clock'>, job: keyof typeof JOBS, run: () => Promise<T>): Promise<T> {
  const release = await startJob(deps, job)
  try {
    return await run()
  } finally {
    await release()
  }
}
