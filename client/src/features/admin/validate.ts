/** fieldErrors: checks a form's values with a contract schema and answers the first message per field, so the admin forms show the server's words (STYLE §6). */
import * as v from 'valibot'

/** Field name -> first message for each invalid top-level field; {} when the value is valid. */
export function fieldErrors(schema: v.GenericSchema, value: unknown): Record<string, string> {
  const result = v.safeParse(schema, value)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? '')
    errors[field] ??= issue.message
  }
  return errors
}
