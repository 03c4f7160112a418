/** Shapes used by every contract module: ids, id params, the error answer. Imports only valibot. */
import * as v from 'valibot'

/** A positive integer id in a JSON body. */
export const IdSchema = v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be positive'))

/** A positive integer id in a path parameter (digits only), as a number. */
export const IdParamSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'Id must be a positive integer'), v.transform(Number))

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
