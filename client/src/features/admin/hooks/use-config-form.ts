/**
 * useConfigForm (admin-back-office §4 dirty flag, Save and Reset; §5 field checks; §8 save failures): the draft of one
 * saved ad configuration (useDraft), its save mutation (useSaveConfig) and onSave, which checks the draft with the
 * contract's schema, shows the first message per field and sends toInput(draft) only when every field is valid.
 */
import type * as v from 'valibot'
import { fieldErrors } from '../validate'
import { useDraft } from './use-draft'
import { useSaveConfig, type SaveConfigOptions } from './use-save-config'

/** The useDraft fields (draft, set, dirty, reset, errors, setErrors), saving (the save is pending) and onSave(). */
export function useConfigForm<T extends Record<string, string | boolean>, O>(saved: T, schema: v.GenericSchema, options: SaveConfigOptions<T, O>, toInput: (draft: T) => T) {
  const form = useDraft(saved)
  const save = useSaveConfig(options)
  const onSave = () => {
    const errors = fieldErrors(schema, form.draft)
    form.setErrors(errors)
    if (Object.keys(errors).length === 0) save.mutate(toInput(form.draft))
  }
  return { ...form, saving: save.isPending, onSave }
}
