/**
 * Queries on resumable (tus) uploads (docs/uploads.md): one row per upload from its creation until its expiry, with
 * its state, its stored answer once done, and the lock one request at a time holds on it across instances. Times are
 * ISO-8601 UTC strings.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/**
 * The life of an upload: bytes arriving, the final checks and pipeline running, its answer stored, or terminated while
 * it was processed (gone for every request; the request processing it removes it when it ends).
 */
export type ResumableState = 'receiving' | 'processing' | 'done' | 'terminated'

/** One upload: userId owns it; size is its Upload-Length in bytes; answerStatus/answerBody (JSON) are set once done. */
export type ResumableUploadRow = {
  id: string
  userId: number
  fileName: string
  mimeType: string
  size: number
  expiresAt: string
  state: ResumableState
  answerStatus: number | null
  answerBody: string | null
}

/** Records a new upload in state `receiving`. */
export async function insertResumableUpload(
  db: Database,
  row: Pick<ResumableUploadRow, 'id' | 'userId' | 'fileName' | 'mimeType' | 'size' | 'expiresAt'>,
): Promise<void> {
  const {
    orm,
    t: { resumableUploads },
  } = shared(db)
  await orm.insert(resumableUploads).values({ ...row, state: 'receiving' })
}

/** The upload id, or undefined. */
export async function findResumableUpload(db: Database, id: string): Promise<ResumableUploadRow | undefined> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  const rows = await orm
    .select({
      id: u.id,
      userId: u.userId,
      fileName: u.fileName,
      mimeType: u.mimeType,
      size: u.size,
      expiresAt: u.expiresAt,
      state: u.state,
      answerStatus: u.answerStatus,
      answerBody: u.answerBody,
    })
    .from(u)
    .where(eq(u.id, id))
  return rows[0] as ResumableUploadRow | undefined
}

/** Moves upload id from state `from` to `to` in one statement; answers whether it was in `from` (so one caller wins). */
export async function moveResumableUpload(db: Database, id: string, from: ResumableState, to: ResumableState): Promise<boolean> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  const rows = await orm
    .update(u)
    .set({ state: to })
    .where(and(eq(u.id, id), eq(u.state, from)))
    .returning({ id: u.id })
  return rows.length > 0
}

/**
 * Stores the answer of upload id (HTTP status, JSON body) and marks it done, in one statement, when it is in state
 * `from`; answers whether it was (false when it was terminated meanwhile).
 */
export async function saveResumableAnswer(db: Database, id: string, from: ResumableState, status: number, body: string): Promise<boolean> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  const rows = await orm
    .update(u)
    .set({ state: 'done', answerStatus: status, answerBody: body })
    .where(and(eq(u.id, id), eq(u.state, from)))
    .returning({ id: u.id })
  return rows.length > 0
}

/** Forgets upload id. */
export async function deleteResumableUpload(db: Database, id: string): Promise<void> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  await orm.delete(u).where(eq(u.id, id))
}

/** Up to limit uploads whose expiry is at or before now, oldest first, with their state. */
export async function listExpiredResumableUploads(
  db: Database,
  now: string,
  limit: number,
): Promise<{ id: string; state: ResumableState }[]> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  const rows = await orm.select({ id: u.id, state: u.state }).from(u).where(lte(u.expiresAt, now)).orderBy(u.expiresAt).limit(limit)
  return rows as { id: string; state: ResumableState }[]
}

/**
 * Takes the lock of upload id for holder until expiresAt in one statement, when it is free or its holder's expiry
 * is at or before now; answers whether it did (false too for an unknown id).
 */
export async function claimResumableLock(db: Database, id: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  const rows = await orm
    .update(u)
    .set({ lockHolder: holder, lockExpiresAt: expiresAt, releaseRequested: 0 })
    .where(and(eq(u.id, id), or(isNull(u.lockHolder), lte(u.lockExpiresAt, now))))
    .returning({ id: u.id })
  return rows.length > 0
}

/**
 * Moves the expiry of holder's lock on upload id to expiresAt (a heartbeat). Answers whether another request asked
 * for the lock meanwhile, or undefined when holder no longer holds it.
 */
export async function renewResumableLock(db: Database, id: string, holder: string, expiresAt: string): Promise<boolean | undefined> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  const rows = await orm
    .update(u)
    .set({ lockExpiresAt: expiresAt })
    .where(and(eq(u.id, id), eq(u.lockHolder, holder)))
    .returning({ releaseRequested: u.releaseRequested })
  return rows.length ? rows[0].releaseRequested === 1 : undefined
}

/** Asks the holder of upload id's lock to let go (its next heartbeat sees it). */
export async function requestResumableLockRelease(db: Database, id: string): Promise<void> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  await orm.update(u).set({ releaseRequested: 1 }).where(eq(u.id, id))
}

/** Frees holder's lock on upload id (another holder's lock is left alone). */
export async function releaseResumableLock(db: Database, id: string, holder: string): Promise<void> {
  const {
    orm,
    t: { resumableUploads: u },
  } = shared(db)
  await orm
    .update(u)
    .set({ lockHolder: null, lockExpiresAt: null, releaseRequested: 0 })
    .where(and(eq(u.id, id), eq(u.lockHolder, holder)))
}
