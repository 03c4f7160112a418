/**
 * The per-visitor limits of POST /api/media/upload (README: Security and Operations > Limits): upload attempts per
 * visitor and per client address per hour (429 with Retry-After), and a storage quota on the bytes a visitor's
 * uploads hold (413). Admin bucket uploads and imports are not counted.
 */
import type { Deps } from '../../core/deps'
import { MB } from '../../contract/media'
import { HttpError } from '../../http/errors'
import { createRateLimiter, hitAllOrThrow, HOUR_MS } from '../../http/rate-limit'
import { sumMediaBytesOfUser } from '../../repositories/media.repository'

export const TOO_MANY_UPLOADS = 'Too many uploads. Please try again later.'

/** The 413 message when an upload would take a visitor past quotaBytes. */
export const overQuotaMessage = (quotaBytes: number) => `This upload would exceed your storage limit of ${Math.round(quotaBytes / MB)} MB. Delete some of your uploads to make room.`

/** The upload limits of one app; their counters live as long as the app. */
export type UploadLimits = {
  /** Counts an upload attempt of visitor userId from addressKey; throws HttpError 429 (with Retry-After) past either hourly limit. */
  admit(userId: number, addressKey: string): void
  /**
   * Sets aside bytes of userId's quota for an upload in progress and answers the function that gives them back.
   * Throws HttpError 413 when the visitor's stored media, the uploads in progress and bytes would pass the quota.
   */
  reserve(userId: number, bytes: number): Promise<() => void>
}

/** The upload limits on deps.config (uploadsPerVisitorPerHour, uploadsPerAddressPerHour, uploadQuotaBytes). */
export function createUploadLimits(deps: Pick<Deps, 'db' | 'clock' | 'config'>): UploadLimits {
  const perVisitor = createRateLimiter(deps.clock, { name: 'uploads_per_visitor', limit: deps.config.uploadsPerVisitorPerHour, windowMs: HOUR_MS })
  const perAddress = createRateLimiter(deps.clock, { name: 'uploads_per_address', limit: deps.config.uploadsPerAddressPerHour, windowMs: HOUR_MS })
  // Bytes of uploads still being processed, per user: they have no media row yet, so the sum of rows misses them.
  const inProgress = new Map<number, number>()
  const adjust = (userId: number, bytes: number) => {
    const held = (inProgress.get(userId) ?? 0) + bytes
    if (held > 0) inProgress.set(userId, held)
    else inProgress.delete(userId)
  }
  return {
    admit: (userId, addressKey) => hitAllOrThrow(TOO_MANY_UPLOADS, [perAddress, addressKey], [perVisitor, String(userId)]),
    async reserve(userId, bytes) {
      const stored = await sumMediaBytesOfUser(deps.db, userId)
      // One synchronous step from the check to the reservation, so parallel uploads cannot all fit the same room.
      const used = stored + (inProgress.get(userId) ?? 0)
      if (used + bytes > deps.config.uploadQuotaBytes) throw new HttpError(413, overQuotaMessage(deps.config.uploadQuotaBytes))
      adjust(userId, bytes)
      return () => adjust(userId, -bytes)
    },
  }
}
