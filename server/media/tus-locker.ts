/**
 * @tus/server's Locker over the database (docs/uploads.md > The lock): the lock of an upload is its row in
 * resumable_uploads, so a request on any instance waits for a request on another. A holder renews its lease every
 * TUS_LOCK_HEARTBEAT_MS and lets go when a waiting request asks it to (the tus Locker's requestRelease: a PATCH
 * left open by a client that went away yields to the client's resumed PATCH); a lease left by a stopped instance
 * expires after TUS_LOCK_MS.
 */
import { randomUUID } from 'node:crypto'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server'
import type { Deps } from '../core/deps'
import { resumableUrlId } from './tus-datastore'
import {
  claimResumableLock,
  releaseResumableLock,
  renewResumableLock,
  requestResumableLockRelease,
} from '../repositories/resumable-uploads.repository'

/** How long a lock holds without a heartbeat, ms. */
export const TUS_LOCK_MS = 20_000
/** How often a holder renews its lock and looks for a release request, ms. */
export const TUS_LOCK_HEARTBEAT_MS = 1_000
/** How often a waiting request tries the lock again, ms. */
const RETRY_MS = 100
/** How long a request waits for a lock before it gives up with tus's lock timeout, ms: past a stopped holder's lease. */
export const TUS_LOCK_WAIT_MS = TUS_LOCK_MS + 5_000

/** A Locker whose locks live in deps.db: tus names an upload by its store id, whose row in resumable_uploads holds the lock. */
export function createDatabaseLocker(deps: Pick<Deps, 'db' | 'clock'>): Locker {
  const until = () => new Date(deps.clock.now().getTime() + TUS_LOCK_MS).toISOString()
  return { newLock: (storeId) => databaseLock(deps, resumableUrlId(storeId), until) }
}

/** The lock of upload id: lock() waits (asking the holder to let go) until it claims the row; unlock() frees it. */
function databaseLock(deps: Pick<Deps, 'db' | 'clock'>, id: string, until: () => string): Lock {
  const holder = randomUUID()
  let heartbeat: ReturnType<typeof setInterval> | undefined
  const claim = () => claimResumableLock(deps.db, id, holder, deps.clock.now().toISOString(), until())
  return {
    async lock(signal: AbortSignal, requestRelease: RequestRelease) {
      const giveUp = Date.now() + TUS_LOCK_WAIT_MS
      let asked = false
      while (!(await claim())) {
        if (signal.aborted || Date.now() > giveUp) throw ERRORS.ERR_LOCK_TIMEOUT
        if (!asked) await requestResumableLockRelease(deps.db, id)
        asked = true
        await Bun.sleep(RETRY_MS)
      }
      let released = false
      heartbeat = setInterval(() => {
        renewResumableLock(deps.db, id, holder, until())
          .then((wanted) => {
            if (wanted && !released) (released = true), void requestRelease()
          })
          .catch(() => {})
      }, TUS_LOCK_HEARTBEAT_MS)
    },
    async unlock() {
      clearInterval(heartbeat)
      await releaseResumableLock(deps.db, id, holder)
    },
  }
}
