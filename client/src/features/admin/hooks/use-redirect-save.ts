/**
 * useRedirectSave (admin-back-office §2 Traffic Handlers, §5 field checks, §8 save failures): saving one redirect
 * handler's form. save(input) checks input with the contract's schema and shows the first message per field, or sends
 * it; a success toasts 'Configuration Saved' with savedText, a failure 'Save Failed' with the server's text or fallback.
 */
import { useState } from 'react'
import type * as v from 'valibot'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '../api/admin-api'
import { useSaveRedirectConfig, type RedirectInputs, type RedirectKind } from '../api/redirect-config'
import { fieldErrors } from '../validate'

/** errors (field -> message), clearErrors(), saving (the save is pending) and save(input). */
export function useRedirectSave<K extends RedirectKind>(kind: K, schema: v.GenericSchema, savedText: string, fallback: string) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const mutation = useSaveRedirectConfig(kind, {
    onSuccess: () => toast({ title: 'Configuration Saved', description: savedText }),
    onError: (e) => toast({ title: 'Save Failed', description: adminErrorText(e, fallback), variant: 'destructive' }),
  })
  const save = (input: RedirectInputs[K]) => {
    const found = fieldErrors(schema, input)
    setErrors(found)
    if (Object.keys(found).length === 0) mutation.mutate(input)
  }
  return { errors, clearErrors: () => setErrors({}), saving: mutation.isPending, save }
}
