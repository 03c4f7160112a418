/**
 * Admin form input checks: fieldErrors checks a form's values with a contract schema and answers the first message per
 * field, so the admin forms show the server's words (STYLE §6); numberOr reads a typed number with its fallback
 * (admin-back-office §5: an unparsable entry becomes the field's default).
 */
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

/** parsed (Number.parseInt or parseFloat of what was typed) when it is a finite number, else fallback (admin-back-office §5). */
export const numberOr = (parsed: number, fallback: number) => (Number.isFinite(parsed) ? parsed : fallback)
