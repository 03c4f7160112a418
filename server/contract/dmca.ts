/**
 * The DMCA takedown request (public-visitor §3 payload, §5 DMCA form table; server-contract: POST /api/dmca-takedown).
 * The server and the form validate with this one schema, so their messages match word for word.
 */
import * as v from 'valibot'
import { IdSchema } from './common'

/** Shortest work and infringement description, characters (public-visitor §9). */
export const DMCA_DESCRIPTION_MIN = 10
// A missing field defaults to empty, so it gets its own rule's message rather than a generic "Invalid key".
const required = (message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.minLength(1, message)), '')
const described = (message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.minLength(DMCA_DESCRIPTION_MIN, message)), '')
const confirmed = (message: string) => v.optional(v.pipe(v.boolean(message), v.value(true, message)), false)
const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000)))
export const URLS_REQUIRED = 'At least one infringing URL is required'
export const URLS_MUST_BE_HTTP = 'Each infringing URL must start with http:// or https://'

/** The non-blank lines of a JSON-encoded list, a newline-separated text, or an array. */
export function toUrlList(value: string | string[]): string[] {
  let list: unknown = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      list = value.split('\n')
    }
  }
  return (Array.isArray(list) ? list : [String(list)]).map((u) => String(u).trim()).filter(Boolean)
}

const isHttpUrl = (u: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol)
  } catch {
    return false
  }
}

/** POST /api/dmca-takedown body, with public-visitor §5's messages. */
export const DmcaInputSchema = v.object({
  complainantName: required('Complainant name is required'),
  complainantEmail: v.optional(v.pipe(v.string('Valid email is required'), v.trim(), v.email('Valid email is required')), ''),
  complainantPhone: optionalText,
  complainantAddress: optionalText,
  copyrightOwner: required('Copyright owner is required'),
  workDescription: described('Please provide a detailed description of your work'),
  infringementDescription: described('Please describe the infringement in detail'),
  infringingUrls: v.optional(
    v.pipe(
      v.union([v.string(URLS_REQUIRED), v.array(v.string())], URLS_REQUIRED),
      v.transform(toUrlList),
      v.minLength(1, URLS_REQUIRED),
      v.check((urls) => urls.every(isHttpUrl), URLS_MUST_BE_HTTP),
    ),
    '',
  ),
  mediaId: v.optional(v.nullable(IdSchema)),
  goodFaithStatement: confirmed('You must confirm the good faith statement'),
  accuracyStatement: confirmed('You must confirm the accuracy statement'),
  electronicSignature: required('Electronic signature is required'),
})
export type DmcaInput = v.InferInput<typeof DmcaInputSchema>

/** The 201 answer: the new request's id, status and reference number (e.g. DMCA-20261122-3F9A1C). */
export const DmcaCreatedSchema = v.object({ id: v.number(), status: v.literal('pending'), referenceNumber: v.string() })
export type DmcaCreated = v.InferOutput<typeof DmcaCreatedSchema>
