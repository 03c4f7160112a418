/**
 * Bucket answers (admin-back-office §3 Bucket file, Duplicate scan result, import counts; §7 list-bucket-files,
 * delete-bucket-files, find-duplicates, import-media, bucket-upload). Sizes in bytes, times ISO-8601 UTC.
 */
import * as v from 'valibot'
import { KeyPageQuerySchema } from './paging'
import { IdSchema } from '../common'

/**
 * One object of the bucket as the admin sees it; derivedCount/derivedSize (bytes) sum the variants, poster and small
 * video rendition stored beside it; sha256 (hex) of its bytes when the list asked for checksums.
 */
export const BucketFileSchema = v.object({
  key: v.string(),
  size: v.number(),
  lastModified: v.string(),
  derivedCount: v.number(),
  derivedSize: v.number(),
  sha256: v.optional(v.string()),
})
export type BucketFile = v.InferOutput<typeof BucketFileSchema>

/** GET /api/admin/list-bucket-files: the items and the provider name (fs or s3). */
export const BucketListSchema = v.object({ files: v.array(BucketFileSchema), provider: v.string() })
export type BucketList = v.InferOutput<typeof BucketListSchema>

/** Query of GET /api/admin/list-bucket-files: a page of items (contract/admin/paging, by key, after a key's cursor); checksums=true adds each listed item's SHA-256. */
export const BucketListQuerySchema = v.object({
  ...KeyPageQuerySchema.entries,
  checksums: v.optional(v.picklist(['true', 'false'], 'checksums must be true or false')),
})

/** POST /api/admin/delete-bucket-files body: the keys to delete (at most 10,000). */
export const BucketDeleteInputSchema = v.object({
  filenames: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1024)), 'filenames must be a list of keys'), v.maxLength(10_000)),
})
export type BucketDeleteInput = v.InferOutput<typeof BucketDeleteInputSchema>

/** POST /api/admin/delete-bucket-files answer: deleted count and one error line per refused key. */
export const BucketDeleteResultSchema = v.object({ message: v.string(), deleted: v.number(), errors: v.array(v.string()) })
export type BucketDeleteResult = v.InferOutput<typeof BucketDeleteResultSchema>

/** How a duplicate group was found: identical content, equal size or similar names. */
export const DUPLICATE_KINDS = ['hash', 'size', 'name-similarity'] as const

/** One group of possible duplicates: its kind, what the files share, and the files (more than one). */
export const DuplicateGroupSchema = v.object({ type: v.picklist(DUPLICATE_KINDS), criteria: v.string(), files: v.array(BucketFileSchema) })
export type DuplicateGroup = v.InferOutput<typeof DuplicateGroupSchema>

/**
 * One item of a near-duplicate group: its id, key, URL, name, type, size (bytes), displayed size (px), upload time,
 * hidden (hidden from rating), its thumbnail (the narrowest variant, else the poster, else the item's URL), its
 * distance (bits of 64) from the group's oldest item, and whether it is that item.
 */
export const NearDuplicateItemSchema = v.object({
  id: v.number(),
  key: v.string(),
  url: v.string(),
  originalName: v.string(),
  mimeType: v.string(),
  size: v.number(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  uploadedAt: v.string(),
  hidden: v.boolean(),
  thumbnailUrl: v.string(),
  distance: v.number(),
  oldest: v.boolean(),
})
export type NearDuplicateItem = v.InferOutput<typeof NearDuplicateItemSchema>

/**
 * A group of items whose perceptual hashes are within NEAR_DUPLICATE_DISTANCE of one another, directly or through
 * other items of the group (docs/media-pipeline.md > Near duplicates): the items oldest first, the oldest's id, and
 * distance, the largest distance of an item from the oldest.
 */
export const NearDuplicateGroupSchema = v.object({
  items: v.array(NearDuplicateItemSchema),
  oldestId: v.number(),
  distance: v.number(),
})
export type NearDuplicateGroup = v.InferOutput<typeof NearDuplicateGroupSchema>

/**
 * GET /api/admin/find-duplicates: the groups, how many files are in any group, how many a hash clean-up would delete;
 * beside them the near-duplicate groups of media items (nearDuplicateGroups) and the distance they were found within.
 */
export const DuplicateScanSchema = v.object({
  success: v.boolean(),
  provider: v.string(),
  totalFiles: v.number(),
  duplicateGroups: v.array(DuplicateGroupSchema),
  totalDuplicateFiles: v.number(),
  potentialDeletions: v.number(),
  message: v.string(),
  nearDuplicateGroups: v.array(NearDuplicateGroupSchema),
  nearDuplicateDistance: v.number(),
})
export type DuplicateScan = v.InferOutput<typeof DuplicateScanSchema>

/** POST /api/admin/import-media: counts of bucket items imported, skipped (already rows, not media) and failed. */
export const ImportResultSchema = v.object({
  message: v.string(),
  imported: v.number(),
  skipped: v.number(),
  errors: v.number(),
  totalFiles: v.number(),
})
export type ImportResult = v.InferOutput<typeof ImportResultSchema>

/** POST /api/admin/bucket-upload (201): the key the file was stored under and its size in bytes. */
export const BucketUploadAnswerSchema = v.object({ key: v.string(), size: v.number() })
export type BucketUploadAnswer = v.InferOutput<typeof BucketUploadAnswerSchema>

/** A media id as a request names it: the id rule of every id (1..MAX_ID), so no query sees an id its column cannot hold. */
const MediaId = IdSchema

/**
 * POST /api/admin/near-duplicates/resolve body: keep the item keepId and hide (from rating) or delete (with its
 * objects, votes and views) the items ids (1-100, not keepId).
 */
export const ResolveNearDuplicatesInputSchema = v.object({
  keepId: MediaId,
  ids: v.pipe(v.array(MediaId, 'ids must be a list of media ids'), v.minLength(1, 'ids must name at least one item'), v.maxLength(100)),
  action: v.picklist(['hide', 'delete'], 'action must be hide or delete'),
})
export type ResolveNearDuplicatesInput = v.InferOutput<typeof ResolveNearDuplicatesInputSchema>

/** POST /api/admin/near-duplicates/resolve answer: the kept id, the action and the ids it was done to. */
export const ResolveNearDuplicatesAnswerSchema = v.object({
  message: v.string(),
  keptId: v.number(),
  action: v.picklist(['hide', 'delete']),
  ids: v.array(v.number()),
})
export type ResolveNearDuplicatesAnswer = v.InferOutput<typeof ResolveNearDuplicatesAnswerSchema>

/** POST /api/admin/near-duplicates/dismiss body: the items of a group that are not duplicates of one another (2-100). */
export const DismissNearDuplicatesInputSchema = v.object({
  ids: v.pipe(v.array(MediaId, 'ids must be a list of media ids'), v.minLength(2, 'ids must name at least two items'), v.maxLength(100)),
})

/** POST /api/admin/near-duplicates/dismiss answer: the ids whose pairs are remembered as not duplicates. */
export const DismissNearDuplicatesAnswerSchema = v.object({ message: v.string(), ids: v.array(v.number()) })
export type DismissNearDuplicatesAnswer = v.InferOutput<typeof DismissNearDuplicatesAnswerSchema>

/** POST /api/admin/near-duplicates/show body: the item an admin hid as a near copy and now shows again. */
export const ShowHiddenCopyInputSchema = v.object({ id: MediaId })

/** POST /api/admin/near-duplicates/show answer: hidden stays true while a resolved takedown still names the item. */
export const ShowHiddenCopyAnswerSchema = v.object({ message: v.string(), id: v.number(), hidden: v.boolean() })
export type ShowHiddenCopyAnswer = v.InferOutput<typeof ShowHiddenCopyAnswerSchema>
