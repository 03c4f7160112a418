/**
 * OpenAPI descriptions of answers that have no JSON schema (every operation documents its success answer):
 * an empty 204, a file download, a redirect. Routes pass them as `detail.responses`; JSON answers use `response` instead.
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
