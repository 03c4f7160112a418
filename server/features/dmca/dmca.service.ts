/**
 * Filing a copyright takedown (server-contract: POST /api/dmca-takedown): stored as pending with a reference
 * number, a DMCA_TAKEDOWN_CREATED audit event, and a confirmation email to the complainant.
 */
import { randomBytes } from 'node:crypto'
import type * as v from 'valibot'
import type { Deps } from '../../core/deps'
import type { DmcaCreated, DmcaInputSchema } from '../../contract/dmca'
import { DEFAULT_SITE_SETTINGS } from '../../contract/public-config'
import { writeAuditEvent } from '../../core/audit-log'
import { dmcaConfirmationEmail } from './dmca-email'
import { insertTakedown } from '../../repositories/takedowns.repository'
import { logger } from '../../core/log'

/** A reference number such as DMCA-20261122-3F9A1C for a request filed at now. */
export const newReferenceNumber = (now: Date) =>
  `DMCA-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`

/** Stores a validated request and emails the complainant; a mail failure is logged, never loses the request. */
export async function fileTakedown(deps: Deps, input: v.InferOutput<typeof DmcaInputSchema>): Promise<DmcaCreated> {
  const now = deps.clock.now()
  const referenceNumber = newReferenceNumber(now)
  const row = await insertTakedown(deps.db, {
    ...input,
    infringingUrls: JSON.stringify(input.infringingUrls),
    mediaId: input.mediaId ?? null,
    referenceNumber,
    status: 'pending',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  })
  await writeAuditEvent(deps, 'DMCA_TAKEDOWN_CREATED', {
    id: row.id,
    referenceNumber,
    complainantEmail: row.complainantEmail,
    mediaId: row.mediaId,
    urls: input.infringingUrls.length,
  })
  await deps.mailer
    .send(dmcaConfirmationEmail(DEFAULT_SITE_SETTINGS.siteName, { ...row, urlCount: input.infringingUrls.length }))
    .catch((e) => logger.error({ referenceNumber, err: e }, 'DMCA confirmation email failed'))
  return { id: row.id, status: 'pending', referenceNumber }
}
