/**
 * AdConfigCard and ActiveCheckbox (admin-back-office §2 Advertisement Management, §8 load failures): the card around
 * each ad configuration form (a region named by its title, a spinner while loading, the load failure with the
 * reason) and the form's Active checkbox.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Card, CardTitle } from '@client/components/ui/card'
import { Checkbox } from '@client/components/ui/checkbox'
import { Spinner } from '@client/components/ui/spinner'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'

/**
 * Props: title (also the region's name) and an optional line under it; the config query and its
 * form from useConfigForm (null until loaded); the spinner's label; failTitle, the first line of a load failure, over
 * its reason (the server's text, else failFallback; no line when both are empty); children renders the loaded form's fields.
 */
export type AdConfigCardProps<F> = {
  title: string
  description?: string
  query: UseQueryResult<unknown>
  form: F | null
  loadingLabel: string
  failTitle: string
  failFallback: string
  children: (form: F) => ReactNode
}

function AdConfigCard<F>({ title, description, query, form, loadingLabel, failTitle, failFallback, children }: AdConfigCardProps<F>) {
  const reason = query.isError ? adminErrorText(query.error, failFallback) : ''
  return (
    <Card role="region" aria-label={title} className="space-y-4">
      {description ? (
        <div>
          <CardTitle>{title}</CardTitle>
          <p className="text-sm text-zinc-400">{description}</p>
        </div>
      ) : (
        <CardTitle>{title}</CardTitle>
      )}
      {form ? (
        children(form)
      ) : query.isError ? (
        <div role="alert" className="space-y-1 text-red-400">
          <p>{failTitle}</p>
          {reason && <p className="text-sm">{reason}</p>}
        </div>
      ) : (
        <Spinner label={loadingLabel} />
      )}
    </Card>
  )
}

/** The Active checkbox of an ad configuration form; onChange gets the new checked state. */
function ActiveCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex items-center gap-2">
      <Checkbox checked={checked} onCheckedChange={onChange} />
      Active
    </label>
  )
}

export { ActiveCheckbox, AdConfigCard }
