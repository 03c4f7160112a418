/**
 * useConfigForm (admin-back-office §2 settings screens, §4 dirty flag, Save and Reset, §5 field checks, §8 load and save
 * failures): the one way to edit and save a setting, the hook behind every admin config form (vote
 * multiplier, email capture, ad zone 1, skip button, idle and back-button redirects). It loads the saved config with
 * the given query options, keeps the edited draft and its dirty flag, checks what Save would send with the contract's
 * schema (the first message per field), saves it, refreshes the config and the given keys (the public queries the
 * visitor side reads, histories), then toasts texts.savedTitle ('Configuration Saved' unless given) / texts.saved, or
 * on failure texts.failTitle with the server's text (else texts.fallback). Reset drops the edits and the errors.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useState } from 'react'
import type * as v from 'valibot'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { viewConfigForm, type Draft } from '../config-form-state'
import { fieldErrors } from '../validate'

/** The toasts of a save, word for word from the spec. */
export type ConfigFormTexts = { savedTitle?: string; saved: string; failTitle: string; fallback: string }

/**
 * query: the admin read (its data, S, may be null before the first save); schema: the contract's input schema;
 * toDraft: saved config -> form values; toInput: form values -> the POST body (parsing, trimming); save: the POST;
 * refresh: further query keys to invalidate after a save; texts: the toasts.
 */
export type ConfigFormOptions<S, D extends Draft, I extends object, K extends QueryKey = QueryKey> = {
  query: UseQueryOptions<S, Error, S, K>
  schema: v.GenericSchema
  toDraft(saved: S): D
  toInput(draft: D): I
  save(input: NoInfer<I>): Promise<unknown>
  refresh?: QueryKey[]
  texts: ConfigFormTexts
}

/** The loaded form: draft, input, dirty, errors (field -> message), saving, set(field, value), save(), reset(). */
export type ConfigForm<D extends Draft, I> = {
  draft: D
  input: I
  dirty: boolean
  errors: Record<string, string>
  saving: boolean
  set<K extends keyof D>(field: K, value: D[K]): void
  save(): void
  reset(): void
}

/** { query, form }: form is null until the config has loaded (query.isPending) or when loading failed (query.isError). */
export function useConfigForm<S, D extends Draft, I extends object, K extends QueryKey>({
  query: options,
  schema,
  toDraft,
  toInput,
  save,
  refresh = [],
  texts,
}: ConfigFormOptions<S, D, I, K>) {
  const queryClient = useQueryClient()
  const query = useQuery(options)
  const [edited, setEdited] = useState<D | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await Promise.all([options.queryKey, ...refresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      setEdited(null)
      toast({ title: texts.savedTitle ?? 'Configuration Saved', description: texts.saved })
    },
    onError: (e) => toast({ title: texts.failTitle, description: adminErrorText(e, texts.fallback), variant: 'destructive' }),
  })
  if (query.data === undefined) return { query, form: null }
  const saved = toDraft(query.data)
  const view = viewConfigForm(saved, edited, toInput)
  const form: ConfigForm<D, I> = {
    ...view,
    errors,
    saving: mutation.isPending,
    set: (field, value) => setEdited((e) => ({ ...(e ?? saved), [field]: value })),
    save: () => {
      const found = fieldErrors(schema, view.input)
      setErrors(found)
      if (Object.keys(found).length === 0) mutation.mutate(view.input)
    },
    reset: () => (setEdited(null), setErrors({})),
  }
  return { query, form }
}
