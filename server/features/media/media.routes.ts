/** Routes /api/media: upload, stored files, random item, prefetch queue, views (public-visitor §7, server-contract: Media and votes). */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import { rm } from 'node:fs/promises'
import type { Deps } from '../../core/deps'
import { IdParamsSchema, ErrorSchema, idText } from '../../contract/common'
import {
  QueueQuerySchema,
  RandomQuerySchema,
  RateMediaSchema,
  UploadAnswerSchema,
  UploadIdParamsSchema,
  ViewInputSchema,
  typeForFileName,
} from '../../contract/media'
import { HttpError } from '../../http/errors'
import { withIdempotencyKey, type AnswerSlot } from '../../http/idempotency'
import { requireOwnUser, visitorSession, type Visitor } from '../../http/session-user'
import { MEDIA_FILE_PREFIX } from '../../media/media-url'
import { readMultipartUpload } from '../../media/upload-stream'
import { refuseUploadWhenBusy, storeUpload } from './media-upload.service'
import { serveStoredObject } from './media-file.service'
import { pickMediaQueue, pickRandomMedia } from './media-pick.service'
import { recordView } from './media-view.service'
import { deleteOwnMedia } from './media-delete.service'
import { OwnerQuerySchema } from '../../contract/users'
import { andThen } from '../../core/maybe-promise'
import { routes } from '../../contract/paths'
import { fileAnswer, noContent, tusOffsetAnswer, tusRequestHeaders } from '../../http/openapi-responses'
import { addressKey, clientAddress } from '../../http/client-address'
import { createUploadLimits, type UploadLimits } from './upload-limits.service'
import { countUpload } from '../../core/metrics'
import { createVisitorResumableUploads } from './media-tus.service'
import type { ResumableUploads } from '../../media/resumable-uploads'
import { tusOptions } from '../../media/tus-http'

const UserIdText = idText('userId')
const UserParamsSchema = v.object({ userId: UserIdText })

/**
 * Counts the attempt against the visitor's and the address's hourly limits before the body is read, then reads,
 * checks and stores one multipart upload for the visitor within their storage quota, its 201 answer stored under slot
 * (an Idempotency-Key) with the media row; throws HttpError 400/403/409/413/415/429, 503 (before reading the body
 * when the pipeline queue is full).
 */
async function uploadFromRequest(
  deps: Deps,
  limits: UploadLimits,
  request: Request,
  visitor: Visitor,
  address: string,
  slot: AnswerSlot | null,
) {
  await limits.admit(visitor.id, address)
  refuseUploadWhenBusy(deps)
  const { fields, file } = await readMultipartUpload(request, deps.tmpDir)
  try {
    const userId = v.safeParse(UserIdText, fields.userId)
    if (!userId.success) throw new HttpError(400, userId.issues[0].message, [{ path: 'userId', message: userId.issues[0].message }])
    requireOwnUser(visitor, userId.output)
    const release = await limits.reserve(visitor.id, file.size)
    try {
      return {
        status: 201,
        body: await countUpload(typeForFileName(file.originalName) ?? 'unknown', storeUpload(deps, userId.output, file, slot)),
      }
    } finally {
      await release()
    }
  } finally {
    await rm(file.tmpPath, { force: true })
  }
}

/**
 * The resumable upload routes (tus 1.0, docs/uploads.md) on resumable: creation, HEAD/PATCH/DELETE of one upload, and
 * its stored answer. Their bodies are read by the tus handler, so they parse nothing here.
 */
function resumableRoutes(deps: Deps, resumable: ResumableUploads) {
  const tus =
    (uploadId?: string) =>
    async ({ request, server, visitor }: { request: Request; server: Parameters<typeof clientAddress>[0]; visitor: Visitor }) =>
      resumable.handle(request, visitor.id, addressKey(clientAddress(server, request, deps.config.trustedProxy)), uploadId)
  const refusals = {
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    410: ErrorSchema,
    412: ErrorSchema,
    413: ErrorSchema,
    415: ErrorSchema,
    423: ErrorSchema,
    429: ErrorSchema,
    460: ErrorSchema,
    503: ErrorSchema,
  }
  return (
    new Elysia()
      .use(visitorSession(deps))
      .post(routes.mediaTus, (ctx) => tus()(ctx), {
        visitor: true,
        parse: 'none',
        response: { 201: UploadAnswerSchema, ...refusals },
        detail: {
          summary:
            'Create a resumable upload (tus 1.0 creation, creation-with-upload): Upload-Length, Upload-Metadata filename, filetype, userId; every limit of POST /api/media/upload; 201 with Location /api/media/tus/<id> (and the UploadAnswer when the body held the whole file)',
          parameters: tusRequestHeaders('Upload-Length', 'Upload-Metadata'),
          responses: { 201: { description: 'Created; Location names the upload; Upload-Offset when bytes came with it' } },
        },
      })
      // Elysia answers HEAD with the GET route of the path, so HEAD is served here; a GET itself is answered 405.
      .get(routes.mediaTusUpload, ({ request, server, visitor, params }) => tus(params.uploadId)({ request, server, visitor }), {
        visitor: true,
        params: UploadIdParamsSchema,
        detail: {
          summary:
            'HEAD: the offset of a resumable upload (tus): Upload-Offset and Upload-Length; 404 for an unknown or foreign upload, 410 past its expiry. GET: 405',
          parameters: tusRequestHeaders(),
          responses: tusOffsetAnswer(),
        },
      })
      .patch(routes.mediaTusUpload, ({ request, server, visitor, params }) => tus(params.uploadId)({ request, server, visitor }), {
        visitor: true,
        parse: 'none',
        params: UploadIdParamsSchema,
        response: { 200: UploadAnswerSchema, ...refusals },
        detail: {
          summary:
            'Send bytes at Upload-Offset (tus PATCH, Content-Type application/offset+octet-stream; Upload-Checksum sha1|sha256|md5 <base64> verified before storing, 460 when it differs); 204 with the new Upload-Offset, or for the last bytes 200 with the UploadAnswer of POST /api/media/upload (or its refusal: 409 duplicate, 415 type, 413 pipeline limits)',
          parameters: tusRequestHeaders('Upload-Offset', 'Upload-Checksum'),
          responses: { 204: { description: 'Stored; Upload-Offset is the new offset' } },
        },
      })
      .delete(routes.mediaTusUpload, ({ request, server, visitor, params }) => tus(params.uploadId)({ request, server, visitor }), {
        visitor: true,
        params: UploadIdParamsSchema,
        detail: {
          summary: 'Terminate a resumable upload (tus termination): its bytes are removed (204)',
          parameters: tusRequestHeaders(),
          responses: noContent('Terminated'),
        },
      })
      // Discovery needs no session and no Tus-Resumable (tus 1.0 core): it tells what any visitor could read in the docs.
      .options(routes.mediaTus, () => tusOptions(), {
        detail: {
          summary:
            'The resumable upload capabilities (tus 1.0 OPTIONS): 204 with Tus-Version, Tus-Extension, Tus-Max-Size (bytes) and Tus-Checksum-Algorithm; no CORS headers (same origin only)',
          responses: noContent('Tus-Version, Tus-Extension, Tus-Max-Size, Tus-Checksum-Algorithm'),
        },
      })
      .get(routes.mediaTusResult, ({ visitor, params }) => resumable.result(visitor.id, params.uploadId), {
        visitor: true,
        params: UploadIdParamsSchema,
        response: { 200: UploadAnswerSchema, 202: v.object({ message: v.string() }), 404: ErrorSchema, 409: ErrorSchema },
        detail: {
          summary:
            "A resumable upload's stored answer: 200 UploadAnswer, or its refusal status; 202 while its last bytes are processed, 409 while bytes are missing, 404 unknown or foreign",
        },
      })
  )
}

/** The /api/media routes. */
export function mediaRoutes(deps: Deps) {
  const limits = createUploadLimits(deps)
  return new Elysia({ tags: ['media'] })
    .use(visitorSession(deps))
    .use(resumableRoutes(deps, createVisitorResumableUploads(deps, limits)))
    .post(
      routes.mediaUpload,
      async ({ request, server, visitor, set }) => {
        const address = addressKey(clientAddress(server, request, deps.config.trustedProxy))
        const upload = (slot: AnswerSlot | null) => uploadFromRequest(deps, limits, request, visitor, address, slot)
        const answer = await withIdempotencyKey(
          deps.db,
          visitor.id,
          request.headers.get('idempotency-key'),
          deps.clock.now().toISOString(),
          upload,
        )
        set.status = answer.status
        return answer.body as v.InferOutput<typeof UploadAnswerSchema>
      },
      {
        visitor: true,
        parse: 'none',
        response: { 201: UploadAnswerSchema, 413: ErrorSchema, 429: ErrorSchema },
        detail: {
          summary:
            'Upload one photo or video, multipart file + userId; honours Idempotency-Key (server-contract); 429 past the hourly upload limits, 413 past the storage quota',
        },
      },
    )
    .get(
      routes.mediaFile,
      ({ params, headers }) =>
        serveStoredObject(deps, params['*'], {
          range: headers.range ?? null,
          ifNoneMatch: headers['if-none-match'] ?? null,
          cookie: headers.cookie ?? null,
        }),
      {
        detail: {
          summary: `Stored media bytes under ${MEDIA_FILE_PREFIX}<key>, with ETag and Range; 404 for an item hidden by a takedown, except to the admin (admin token cookie; never cached)`,
          responses: fileAnswer(
            'application/octet-stream',
            'The stored bytes, typed by the object (206 for a Range, 304 when the ETag matches)',
          ),
        },
      },
    )
    .get(
      routes.mediaRandom,
      ({ params, query, sessionHash }) =>
        andThen(
          pickRandomMedia(deps, sessionHash, params.userId, query.exclude ? [query.exclude] : []),
          // Elysia would send an empty body for null; the contract answers the JSON value null (typed as the schema's null).
          (item) => item ?? (Response.json(null) as unknown as null),
        ),
      {
        sessionHash: true,
        params: UserParamsSchema,
        query: RandomQuerySchema,
        response: { 200: v.nullable(RateMediaSchema), 404: ErrorSchema },
        detail: { summary: 'One random item to rate; null when the site has no media, 404 when all are rated' },
      },
    )
    .get(
      routes.mediaQueue,
      ({ params, query, visitor }) => {
        requireOwnUser(visitor, params.userId)
        return pickMediaQueue(deps, params.userId, query.exclude, query.limit)
      },
      {
        visitor: true,
        params: UserParamsSchema,
        query: QueueQuerySchema,
        response: { 200: v.array(RateMediaSchema) },
        detail: { summary: 'Up to limit (max 50) random items to prefetch for offline voting' },
      },
    )
    .post(
      routes.mediaView,
      async ({ params, body, visitor, set }) => {
        requireOwnUser(visitor, body.userId)
        await recordView(deps, body.userId, params.id)
        set.status = 204
      },
      {
        visitor: true,
        params: IdParamsSchema,
        body: ViewInputSchema,
        detail: { summary: 'Record that the user saw the item; repeats are no-ops (204)', responses: noContent('Recorded') },
      },
    )
    .delete(
      routes.mediaDelete,
      async ({ params, query, visitor, set }) => {
        requireOwnUser(visitor, query.userId)
        await deleteOwnMedia(deps, query.userId, params.id)
        set.status = 204
      },
      {
        visitor: true,
        params: IdParamsSchema,
        query: OwnerQuerySchema,
        detail: { summary: 'Delete one of your own uploads, its votes and views (204)', responses: noContent('Deleted') },
      },
    )
}
