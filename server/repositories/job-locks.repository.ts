/**
 * Queries on the locks of admin jobs (vote population, export, import, purge, reset, reprocess): one row per job
 * running on some instance, held by that run until it ends or its expiry passes without a heartbeat. Times are
 * ISO-8601 UTC strings.
 */
import { and, eq, lte, sql } from 'drizzle-orm'
import { shared, type Database, type PgQueries } from '../db/database'

/** The job_locks table as shared() types it. */
type JobLocksTable = ReturnType<typeof shared>['t']['jobLocks']

/**
 * Runs write (one statement) as its own transaction; on PostgreSQL its commit does not wait for the WAL flush: a lock
 * row is a lease, and a PostgreSQL crash in the fraction of a second before the flush also ends the run's connections
 * (a lost claim) or leaves the lock to expire (a lost release). On SQLite write runs as it is.
 */
async function leaseWrite<T>(db: Database, write: (orm: PgQueries, jobLocks: JobLocksTable) => Promise<T>): Promise<T> {
  const { orm, t } = shared(db)
  if (db.dialect !== 'postgres') return write(orm, t.jobLocks)
  return db.orm.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`)
    return write(tx, t.jobLocks)
  })
}

/** Takes the lock of job name for holder until expiresAt in one statement, when it is free or expired at now; answers whether it did. */
export async function claimJobLock(db: Database, name: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  const rows = await leaseWrite(db, (orm, jobLocks) =>
    orm
      .insert(jobLocks)
      .values({ name, holder, expiresAt })
      .onConflictDoUpdate({ target: jobLocks.name, set: { holder, expiresAt }, setWhere: lte(jobLocks.expiresAt, now) })
      .returning({ name: jobLocks.name }),
  )
  return rows.length > 0
}

/** Moves the expiry of holder's lock on job name to expiresAt (a heartbeat). */
export async function extendJobLock(db: Database, name: string, holder: string, expiresAt: string): Promise<void> {
  const {
    orm,
    t: { jobLocks },
  } = shared(db)
  await orm
    .update(jobLocks)
    .set({ expiresAt })
    .where(and(eq(jobLocks.name, name), eq(jobLocks.holder, holder)))
}

/** Frees holder's lock on job name (another holder's lock is left alone). */
export async function releaseJobLock(db: Database, name: string, holder: string): Promise<void> {
  await leaseWrite(db, (orm, jobLocks) => orm.delete(jobLocks).where(and(eq(jobLocks.name, name), eq(jobLocks.holder, holder))))
}

/** Frees every job lock (at the start of the embedded database's only server: no run of a previous process survives it). */
export async function releaseAllJobLocks(db: Database): Promise<void> {
  const {
    orm,
    t: { jobLocks },
  } = shared(db)
  await orm.delete(jobLocks)
}
