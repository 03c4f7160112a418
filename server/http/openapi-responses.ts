/**
 * OpenAPI descriptions of answers that have no JSON schema (every operation documents its success answer):
 * an empty 204, a file download, a redirect, an answer told by its headers. Routes pass them as `detail.responses`; JSON answers use `response` instead.
 */

/** A 204 answer with no body. */
export const noContent = (description: string) => ({ 204: { description } })

/** A 200 answer whose body is a file of contentType (bytes, streamed). */
export const fileAnswer = (contentType: string, description: string) => ({
  200: { description, content: { [contentType]: { schema: { type: 'string' as const, format: 'binary' } } } },
})

/** A 302 redirect to location (described in words). */
export const redirectAnswer = (description: string) => ({ 302: { description } })

/** The OpenAPI header parameters of a tus request (docs/uploads.md): Tus-Resumable and names (Upload-Metadata and Upload-Checksum optional). */
export const tusRequestHeaders = (...names: string[]) =>
  ['Tus-Resumable', ...names].map((name) => ({
    name,
    in: 'header' as const,
    required: name !== 'Upload-Metadata' && name !== 'Upload-Checksum',
    schema: { type: 'string' as const },
    ...(name === 'Tus-Resumable' ? { example: '1.0.0' } : {}),
  }))

/**
 * The answers of a tus upload's GET route, which serves its HEAD (docs/uploads.md): a HEAD's 200 has no body, the
 * upload's offset and length (bytes) in Upload-Offset and Upload-Length, with Tus-Resumable 1.0.0 and Cache-Control
 * no-store; a GET itself is a 405 JSON error. Declared here, not as `response`: the OpenAPI plugin drops these
 * descriptions from a route that has one, and a HEAD's refusals have no body to check.
 */
export const tusOffsetAnswer = () => ({
  405: { description: 'GET: the JSON error body; Allow: HEAD, PATCH, DELETE' },
  200: {
    description: 'HEAD: no body; the offset and length of the upload in its headers',
    headers: {
      'Upload-Offset': { description: 'Bytes stored so far', schema: { type: 'integer' as const, minimum: 0 } },
      'Upload-Length': { description: 'Bytes the upload declared', schema: { type: 'integer' as const, minimum: 0 } },
      'Tus-Resumable': { schema: { type: 'string' as const, enum: ['1.0.0'] } },
      'Cache-Control': { schema: { type: 'string' as const, enum: ['no-store'] } },
    },
  },
})
