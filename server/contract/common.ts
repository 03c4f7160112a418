/** Shapes used by every contract module: ids, id params, the error answer. Imports only valibot. */
import * as v from 'valibot'

/**
 * The largest id the database holds: every id column is a PostgreSQL `integer` (SQLite's INTEGER holds more), so an
 * id is 1..2147483647 on both dialects and a larger one is refused before any query sees it.
 */
export const MAX_ID = 2_147_483_647

/** The rule every id field states; the error mapper puts the field name in front (server/http/errors.ts). */
export const ID_RULE = `must be an integer from 1 to ${MAX_ID}`

/** An id in a JSON body: an integer 1..MAX_ID (1e23, -1, 0, 1.5 and strings are refused with ID_RULE). */
export const IdSchema = v.pipe(v.number(ID_RULE), v.integer(ID_RULE), v.minValue(1, ID_RULE), v.maxValue(MAX_ID, ID_RULE))

/**
 * An id written as digits (a path segment, a query value, a form or metadata field) named name, as a number:
 * 1..MAX_ID without sign, leading zeros, exponent or fraction; anything else fails with `<name> must be an integer
 * from 1 to 2147483647`.
 */
export const idText = (name: string) => {
  const rule = `${name} ${ID_RULE}`
  return v.pipe(v.string(rule), v.regex(/^[1-9]\d{0,9}$/, rule), v.transform(Number), v.maxValue(MAX_ID, rule))
}

/** An id in the path parameter `id`, as a number. */
export const IdParamSchema = idText('id')

/** Path params {id}. */
export const IdParamsSchema = v.object({ id: IdParamSchema })

/** Every 4xx/5xx body (server-contract: General); requestId is the answer's X-Request-Id, also in its log line. */
export const ErrorSchema = v.object({
  error: v.string(),
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
  code: v.optional(v.string()),
  requestId: v.string(),
})
export type ErrorBody = v.InferOutput<typeof ErrorSchema>
