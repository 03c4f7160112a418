/** Admin data shapes (admin-back-office §3): media, users, database counts and tests. Times ISO-8601 UTC, sizes bytes. */
import * as v from 'valibot'
import { MediaDisplaySchema } from '../media'
import { PageQuerySchema } from './paging'

/** One media item as the admin sees it: actual counts, never multiplied. */
export const AdminMediaSchema = v.object({
  id: v.number(),
  url: v.string(),
  mimeType: v.string(),
  originalName: v.string(),
  size: v.number(),
  /** Displayed size in px, null when unknown. */
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  username: v.string(),
  uploadedAt: v.string(),
  hotVotes: v.number(),
  notVotes: v.number(),
  totalViews: v.number(),
  totalVotes: v.number(),
  ...MediaDisplaySchema.entries,
  /** False for media stored before the pipeline, still waiting for `hotvote media reprocess`. */
  processed: v.boolean(),
  /** True when the item is hidden from rating (a resolved takedown, or a near copy the admin hid). */
  hidden: v.boolean(),
  /** True while the item is hidden as a near copy an admin decided against: POST /api/admin/near-duplicates/show shows it again. */
  hiddenAsCopy: v.boolean(),
  /** The id of the older item this one is a near copy of, until the admin decides on it (Find Duplicates); else null. */
  nearDuplicateOf: v.nullable(v.number()),
})
export type AdminMedia = v.InferOutput<typeof AdminMediaSchema>

/** Query of GET /api/admin/media: a page (contract/admin/paging); nearCopies=true keeps the items flagged as near copies. */
export const AdminMediaQuerySchema = v.object({
  ...PageQuerySchema.entries,
  nearCopies: v.optional(v.picklist(['true', 'false'], 'nearCopies must be true or false')),
})

/** One user row; votes and views are those the user cast and made; isSynthetic marks population voters. */
export const AdminUserSchema = v.object({
  id: v.number(),
  username: v.string(),
  email: v.nullable(v.string()),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  totalUploads: v.number(),
  totalVotes: v.number(),
  totalViews: v.number(),
  lastLoginAt: v.nullable(v.string()),
  loginCount: v.number(),
  createdAt: v.string(),
  isSynthetic: v.boolean(),
})
export type AdminUser = v.InferOutput<typeof AdminUserSchema>

/** GET /api/db-test/counts. */
export const DbCountsSchema = v.object({ totalUsers: v.number(), totalMedia: v.number(), totalVotes: v.number(), totalViews: v.number() })
export type DbCounts = v.InferOutput<typeof DbCountsSchema>

/** GET /api/db-test/connection: whether a query answered, the SQLite version, the check's duration in ms. */
export const DbConnectionSchema = v.object({ connected: v.boolean(), sqliteVersion: v.string(), durationMs: v.number() })
export type DbConnection = v.InferOutput<typeof DbConnectionSchema>

/** GET /api/db-test/schema: the app's table names, alphabetical, and the duration in ms. */
export const DbSchemaCheckSchema = v.object({ tables: v.array(v.string()), durationMs: v.number() })
export type DbSchemaCheck = v.InferOutput<typeof DbSchemaCheckSchema>

/** GET /api/db-test/counts: the row counts and the duration in ms. */
export const DbCountsCheckSchema = v.object({ ...DbCountsSchema.entries, durationMs: v.number() })
export type DbCountsCheck = v.InferOutput<typeof DbCountsCheckSchema>

/** GET /api/db-test/queries: the three newest media and users, and the duration in ms. */
export const DbQueriesCheckSchema = v.object({
  newestMedia: v.array(v.object({ id: v.number(), originalName: v.string(), totalVotes: v.number() })),
  newestUsers: v.array(v.object({ id: v.number(), username: v.string() })),
  durationMs: v.number(),
})
export type DbQueriesCheck = v.InferOutput<typeof DbQueriesCheckSchema>
