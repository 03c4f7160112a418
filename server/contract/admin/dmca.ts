/** Admin takedown shapes and transitions (admin-back-office §3 DMCA takedown, §4 status transitions). */
import * as v from 'valibot'

export const DMCA_STATUSES = ['pending', 'reviewed', 'resolved', 'rejected'] as const
export type DmcaStatus = (typeof DMCA_STATUSES)[number]

/** The status changes the admin may make (others answer 409). */
export const DMCA_TRANSITIONS: Record<DmcaStatus, readonly DmcaStatus[]> = {
  pending: ['reviewed', 'resolved', 'rejected'],
  reviewed: ['resolved', 'rejected'],
  resolved: ['pending'],
  rejected: ['pending'],
}

/** PATCH /api/admin/dmca-takedowns/:id body. */
export const DmcaUpdateSchema = v.object({
  status: v.picklist(DMCA_STATUSES, 'status must be pending, reviewed, resolved or rejected'),
  adminNotes: v.optional(v.pipe(v.string(), v.maxLength(10_000)), ''),
})
export type DmcaUpdate = v.InferInput<typeof DmcaUpdateSchema>

/** One takedown as the admin list shows it; infringingUrls is the stored JSON array string. */
export const AdminDmcaSchema = v.object({
  id: v.number(),
  referenceNumber: v.string(),
  status: v.picklist(DMCA_STATUSES),
  complainantName: v.string(),
  complainantEmail: v.string(),
  complainantPhone: v.nullable(v.string()),
  complainantAddress: v.nullable(v.string()),
  copyrightOwner: v.string(),
  workDescription: v.string(),
  infringementDescription: v.string(),
  infringingUrls: v.string(),
  electronicSignature: v.string(),
  adminNotes: v.string(),
  mediaId: v.nullable(v.number()),
  createdAt: v.string(),
})
export type AdminDmca = v.InferOutput<typeof AdminDmcaSchema>

/** PATCH /api/admin/dmca-takedowns/:id answer: the takedown's id and its new status. */
export const DmcaUpdateAnswerSchema = v.object({ message: v.string(), id: v.number(), status: v.picklist(DMCA_STATUSES) })
export type DmcaUpdateAnswer = v.InferOutput<typeof DmcaUpdateAnswerSchema>
