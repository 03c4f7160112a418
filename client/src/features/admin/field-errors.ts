/** Client-side checks of admin forms against the contract's valibot schemas, so messages match the server word for word (STYLE §6). */
import * as v from 'valibot'

/** The first message per top-level field when input fails schema, or null when it passes. */
export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> | null {
  const result = v.safeParse(schema, input)
  if (result.success) return null
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const key = String(issue.path?.[0]?.key ?? '')
    errors[key] ??= issue.message
  }
  return errors
}
