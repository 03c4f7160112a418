/**
 * The DMCA takedown request (public-visitor §3 payload, §5 DMCA form table; server-contract: POST /api/dmca-takedown).
 * The server and the form validate with this one schema, so their messages match word for word.
 */
import * as v from 'valibot'
import { IdSchema } from './common'

/** Shortest work and infringement description, characters (public-visitor §9). */
export const DMCA_DESCRIPTION_MIN = 10
/**
 * Length caps, characters: generous for a real filing, small enough that a whole filing fits the
 * 64 KB body limit. Names: complainant, copyright owner and signature.
 */
export const DMCA_NAME_MAX = 200
export const DMCA_EMAIL_MAX = 254
export const DMCA_PHONE_MAX = 50
export const DMCA_ADDRESS_MAX = 500
export const DMCA_DESCRIPTION_MAX = 5000
/** At most this many infringing URLs, each at most DMCA_URL_MAX characters. */
export const DMCA_URLS_MAX = 50
export const DMCA_URL_MAX = 1000

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`
// A missing field defaults to empty, so it gets its own rule's message rather than a generic "Invalid key".
const required = (message: string, label: string) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(DMCA_NAME_MAX, tooLong(label, DMCA_NAME_MAX))), '')
const described = (message: string, label: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.minLength(DMCA_DESCRIPTION_MIN, message),
      v.maxLength(DMCA_DESCRIPTION_MAX, tooLong(label, DMCA_DESCRIPTION_MAX)),
    ),
    '',
  )
const confirmed = (message: string) => v.optional(v.pipe(v.boolean(message), v.value(true, message)), false)
const optionalText = (label: string, max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong(label, max))))
export const URLS_REQUIRED = 'At least one infringing URL is required'
export const URLS_MUST_BE_HTTP = 'Each infringing URL must start with http:// or https://'
export const URLS_TOO_MANY = `List at most ${DMCA_URLS_MAX} infringing URLs`
export const URL_TOO_LONG = `Each infringing URL must be at most ${DMCA_URL_MAX} characters`

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
  complainantName: required('Complainant name is required', 'Complainant name'),
  complainantEmail: v.optional(
    v.pipe(
      v.string('Valid email is required'),
      v.trim(),
      v.maxLength(DMCA_EMAIL_MAX, 'Valid email is required'),
      v.email('Valid email is required'),
    ),
    '',
  ),
  complainantPhone: optionalText('Phone', DMCA_PHONE_MAX),
  complainantAddress: optionalText('Address', DMCA_ADDRESS_MAX),
  copyrightOwner: required('Copyright owner is required', 'Copyright owner'),
  workDescription: described('Please provide a detailed description of your work', 'Description of the work'),
  infringementDescription: described('Please describe the infringement in detail', 'Description of the infringement'),
  infringingUrls: v.optional(
    v.pipe(
      v.union([v.string(URLS_REQUIRED), v.array(v.string())], URLS_REQUIRED),
      v.transform(toUrlList),
      v.minLength(1, URLS_REQUIRED),
      v.maxLength(DMCA_URLS_MAX, URLS_TOO_MANY),
      v.check((urls) => urls.every((u) => u.length <= DMCA_URL_MAX), URL_TOO_LONG),
      v.check((urls) => urls.every(isHttpUrl), URLS_MUST_BE_HTTP),
    ),
    '',
  ),
  mediaId: v.optional(v.nullable(IdSchema)),
  goodFaithStatement: confirmed('You must confirm the good faith statement'),
  accuracyStatement: confirmed('You must confirm the accuracy statement'),
  electronicSignature: required('Electronic signature is required', 'Electronic signature'),
})
export type DmcaInput = v.InferInput<typeof DmcaInputSchema>

/** The 201 answer: the new request's id, status and reference number (e.g. DMCA-20261122-3F9A1C). */
export const DmcaCreatedSchema = v.object({ id: v.number(), status: v.literal('pending'), referenceNumber: v.string() })
export type DmcaCreated = v.InferOutput<typeof DmcaCreatedSchema>
