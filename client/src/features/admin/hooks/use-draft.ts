/**
 * useDraft (admin-back-office §4: a dirty flag enables Save and Reset; Save clears it): the edited copy of a saved
 * configuration, whether it differs from the saved one, per-field errors, and reset() back to the saved values.
 * The form is remounted with the new saved values after a save, which clears the flag.
 */
import { useState } from 'react'

/** draft, set(field, value), dirty, reset(), errors (field -> message) and setErrors. */
export function useDraft<T extends Record<string, string | boolean>>(saved: T) {
  const [draft, setDraft] = useState(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const dirty = Object.keys(saved).some((k) => draft[k] !== saved[k])
  const set = <K extends keyof T>(field: K, value: T[K]) => setDraft((d) => ({ ...d, [field]: value }))
  const reset = () => (setDraft(saved), setErrors({}))
  return { draft, set, dirty, reset, errors, setErrors }
}
