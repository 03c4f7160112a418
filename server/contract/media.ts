/** Media shapes and upload limits (public-visitor §3, §5, §9; server-contract: Media and votes). */
import * as v from 'valibot'
import { IdSchema, idText, MAX_ID } from './common'

/** MB as the client counts it: 1024 x 1024 bytes. */
export const MB = 1024 * 1024
/** Largest accepted image, bytes (public-visitor §9). */
export const MAX_IMAGE_BYTES = 10 * MB
/** Largest accepted video and drop-zone file, bytes (public-visitor §9). */
export const MAX_VIDEO_BYTES = 20 * MB
/** Accepted types and the file name extensions each may carry (public-visitor §5). */
export const ACCEPTED_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4'],
} as const satisfies Record<string, readonly string[]>
export type AcceptedType = keyof typeof ACCEPTED_TYPES
/** The accepted image types that may hold an animation (every frame kept, and a still poster of the first): GIF and WebP. */
export const ANIMATABLE_TYPES: readonly AcceptedType[] = ['image/gif', 'image/webp']
export const IMAGE_TOO_LARGE = 'Image files must be under 10MB'
export const VIDEO_TOO_LARGE = 'Video files must be under 20MB'
export const UNSUPPORTED_TYPE = 'Only JPEG, PNG, GIF, WebP images and MP4 videos are accepted'

/** The size limit for a type, bytes. */
export const maxBytesFor = (mimeType: string) => (mimeType.startsWith('video/') ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)

/** The accepted type for a file name's extension, or undefined. */
export function typeForFileName(name: string): AcceptedType | undefined {
  const ext = name.split('.').pop()?.toLowerCase() ?? ''
  return (Object.keys(ACCEPTED_TYPES) as AcceptedType[]).find((t) => (ACCEPTED_TYPES[t] as readonly string[]).includes(ext))
}

/** The message for a file the client or server refuses before upload, or undefined when acceptable. size in bytes. */
export function checkUploadFile(name: string, size: number): string | undefined {
  const type = typeForFileName(name)
  if (!type) return UNSUPPORTED_TYPE
  if (size > maxBytesFor(type)) return type.startsWith('video/') ? VIDEO_TOO_LARGE : IMAGE_TOO_LARGE
  return undefined
}

/** Vote figures of one item. Percentages are whole numbers 0-100; hot + not = 100 when totalVotes > 0. */
export const VoteStatsSchema = v.object({ totalVotes: v.number(), hotPercentage: v.number(), notPercentage: v.number() })
export type VoteStats = v.InferOutput<typeof VoteStatsSchema>

/** One WebP display variant (or a video's small rendition): url, width and height in px, size in bytes. A srcset entry is `${url} ${width}w`. */
export const MediaVariantSchema = v.object({ url: v.string(), width: v.number(), height: v.number(), size: v.number() })
export type MediaVariant = v.InferOutput<typeof MediaVariantSchema>

/**
 * How a client shows an item before and instead of its full file: placeholder is a base64 thumbhash
 * to paint at once (null until processed); variants are WebP display copies narrowest first, never wider than the
 * item (empty for videos and unprocessed items: use url); posterUrl is the still WebP of a video's frame or of an
 * animated image's first frame, shown before the video or animation (null for still images, and for animated images
 * processed before posters existed until they are reprocessed); smallVideo is a video's small H.264 MP4 rendition
 * (at most 640 px on its longer side, fewer bytes than url) for small boxes, null for images and for a video without
 * one (processed before renditions existed, or one that would not be smaller: play url).
 * url itself serves the full-size copy with every metadata tag removed.
 */
export const MediaDisplaySchema = v.object({
  placeholder: v.nullable(v.string()),
  variants: v.array(MediaVariantSchema),
  posterUrl: v.nullable(v.string()),
  smallVideo: v.nullable(MediaVariantSchema),
})
export type MediaDisplay = v.InferOutput<typeof MediaDisplaySchema>

/**
 * A media item to rate (GET /api/media/random/:userId and /queue). width/height in px, null when unknown; size in
 * bytes (ours: the client's prefetch byte budget counts it).
 */
export const RateMediaSchema = v.object({
  id: v.number(),
  url: v.string(),
  mimeType: v.string(),
  size: v.number(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  ...VoteStatsSchema.entries,
  userHasVoted: v.boolean(),
  ...MediaDisplaySchema.entries,
})
export type RateMedia = v.InferOutput<typeof RateMediaSchema>

/** Query of GET /api/media/random/:userId: exclude one id (the item on screen), 1..MAX_ID. */
export const RandomQuerySchema = v.object({
  exclude: v.optional(idText('exclude')),
})

/** Largest queue a client may ask for. */
export const MAX_QUEUE_LIMIT = 50
/** Most ids of an exclude list the server uses (the last ones: the client sends the newest last). */
export const MAX_EXCLUDE_IDS = 200
/** Longest exclude value accepted, characters: MAX_EXCLUDE_IDS ids of up to 12 digits with their commas, and room for a longer list to be cut. */
export const MAX_EXCLUDE_CHARS = 8192

const EXCLUDE_RULE = `exclude must be a comma-separated list of integers from 1 to ${MAX_ID}`

/**
 * Query of GET /api/media/queue/:userId: limit 1-50 (default 10), exclude a comma-separated list of ids (each
 * 1..MAX_ID) of at most MAX_EXCLUDE_CHARS characters, of which the last MAX_EXCLUDE_IDS ids are used (a longer list
 * is cut, not refused, so an older client that sends more keeps working).
 */
export const QueueQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'limit must be a number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(MAX_QUEUE_LIMIT, `limit must be at most ${MAX_QUEUE_LIMIT}`),
    ),
    '10',
  ),
  exclude: v.optional(
    v.pipe(
      // Elysia may already have split a comma-separated value into an array.
      v.union([v.string(), v.array(v.string())]),
      v.transform((x) => (Array.isArray(x) ? x.join(',') : x)),
      v.maxLength(MAX_EXCLUDE_CHARS, `exclude must be at most ${MAX_EXCLUDE_CHARS} characters`),
      v.regex(/^([1-9]\d{0,9}(,[1-9]\d{0,9})*)?$/, EXCLUDE_RULE),
      v.transform((s) => (s ? s.split(',').map(Number) : [])),
      v.check((ids) => ids.every((id) => id <= MAX_ID), EXCLUDE_RULE),
      v.transform((ids) => ids.slice(-MAX_EXCLUDE_IDS)),
    ),
    '',
  ),
})

/** POST /api/media/:id/view body. */
export const ViewInputSchema = v.object({ userId: IdSchema })

/** A stored media item as the upload answers it. size in bytes of the file sent; width/height in px as displayed (orientation applied). */
export const UploadedMediaSchema = v.object({
  id: v.number(),
  url: v.string(),
  mimeType: v.string(),
  originalName: v.string(),
  size: v.number(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  ...MediaDisplaySchema.entries,
})
/** POST /api/media/upload answer (201). */
export const UploadAnswerSchema = v.object({ message: v.string(), media: UploadedMediaSchema })

/** Path params {uploadId} of a resumable upload (docs/uploads.md): its id is 32 lowercase hex digits; any other value names no upload (404). */
export const UploadIdParamsSchema = v.object({ uploadId: v.pipe(v.string(), v.maxLength(100)) })
export type UploadAnswer = v.InferOutput<typeof UploadAnswerSchema>
