/**
 * The per-visitor limits of POST /api/media/upload (docs/operations.md > Limits): upload attempts per
 * visitor and per client address per hour (429 with Retry-After), and a storage quota on the bytes a visitor's
 * uploads hold (413). Admin bucket uploads and imports are not counted.
 */
import type { Deps } from '../../core/deps'
import { MB } from '../../contract/media'
import { HttpError } from '../../http/errors'
import { randomUUID } from 'node:crypto'
import { createRateLimiter, hitAllOrThrow, HOUR_MS } from '../../http/rate-limit'
import { PRUNE_BATCH, pruneSometimes } from '../../http/prune'
import { sumMediaBytesOfUser } from '../../repositories/media.repository'
import { deleteExpiredUploadHolds, deleteUploadHold, insertUploadHold, sumUploadHolds } from '../../repositories/upload-holds.repository'

export const TOO_MANY_UPLOADS = 'Too many uploads. Please try again later.'

/** The 413 message when an upload would take a visitor past quotaBytes. */
export const overQuotaMessage = (quotaBytes: number) =>
  `This upload would exceed your storage limit of ${Math.round(quotaBytes / MB)} MB. Delete some of your uploads to make room.`

/** How long an upload in progress holds its bytes at most, ms: a hold left by a stopped instance frees its room then. */
export const UPLOAD_HOLD_MS = HOUR_MS

/** The upload limits of one app; their counters and holds live in the database, shared by every instance. */
export type UploadLimits = {
  /** Counts an upload attempt of visitor userId from addressKey; rejects with HttpError 429 (with Retry-After) past either hourly limit. */
  admit(userId: number, addressKey: string): Promise<void>
  /**
   * Sets aside bytes of userId's quota for an upload in progress and answers the function that gives them back.
   * Rejects with HttpError 413 when the visitor's stored media, the uploads in progress and bytes would pass the quota.
   * hold names the hold and its expiry (ISO-8601); by default a new id held for UPLOAD_HOLD_MS.
   */
  reserve(userId: number, bytes: number, hold?: { id: string; expiresAt: string }): Promise<() => Promise<void>>
  /** Gives back the bytes of the hold id (a resumable upload's, which outlives the request that reserved it). */
  release(holdId: string): Promise<void>
}

/** The upload limits on deps.config (uploadsPerVisitorPerHour, uploadsPerAddressPerHour, uploadQuotaBytes). */
export function createUploadLimits(deps: Pick<Deps, 'db' | 'clock' | 'config'>): UploadLimits {
  const perVisitor = createRateLimiter(deps, 'upload-visitor', { limit: deps.config.uploadsPerVisitorPerHour, windowMs: HOUR_MS })
  const perAddress = createRateLimiter(deps, 'upload-address', { limit: deps.config.uploadsPerAddressPerHour, windowMs: HOUR_MS })
  return {
    admit: (userId, addressKey) => hitAllOrThrow(TOO_MANY_UPLOADS, [perAddress, addressKey], [perVisitor, String(userId)]),
    release: (holdId) => deleteUploadHold(deps.db, holdId),
    async reserve(userId, bytes, hold) {
      const now = deps.clock.now()
      await pruneSometimes(deps.db, 'upload_holds', now.getTime(), () => deleteExpiredUploadHolds(deps.db, now.toISOString(), PRUNE_BATCH))
      // The hold is written before the sum is taken: of uploads racing on any instance, each sees the others' holds,
      // so they cannot all fit the same room (at worst all of them are refused).
      const { id, expiresAt } = hold ?? { id: randomUUID(), expiresAt: new Date(now.getTime() + UPLOAD_HOLD_MS).toISOString() }
      await insertUploadHold(deps.db, { id, userId, bytes, expiresAt })
      const release = () => deleteUploadHold(deps.db, id)
      const used = (await sumMediaBytesOfUser(deps.db, userId)) + (await sumUploadHolds(deps.db, userId, now.toISOString()))
      if (used <= deps.config.uploadQuotaBytes) return release
      await release()
      throw new HttpError(413, overQuotaMessage(deps.config.uploadQuotaBytes))
    },
  }
}
