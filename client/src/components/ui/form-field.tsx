/** FormField: a label, one input or textarea, an optional hint and the field's error message (role alert). */
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'

const inputClass = 'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 outline-none focus:border-rose-500'

/** Props: label, name (also the id), error and hint texts; multiline renders a textarea with minHeight px. */
export type FormFieldProps = { label: string; name: string; error?: string; hint?: string } & (
  | ({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>)
  | ({ multiline: true; minHeight: number } & TextareaHTMLAttributes<HTMLTextAreaElement>)
)

function FormField(props: FormFieldProps) {
  const { label, name, error, hint } = props
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined
  let control
  if (props.multiline) {
    const { label: _l, name: _n, error: _e, hint: _h, multiline: _m, minHeight, ...rest } = props
    control = <textarea id={name} name={name} aria-invalid={!!error} aria-describedby={describedBy} className={inputClass} style={{ minHeight }} {...rest} />
  } else {
    const { label: _l, name: _n, error: _e, hint: _h, multiline: _m, ...rest } = props
    control = <input id={name} name={name} aria-invalid={!!error} aria-describedby={describedBy} className={inputClass} {...rest} />
  }
  return (
    <div className="space-y-1">
      <label htmlFor={name} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {control}
      {hint && !error && (
        <p id={`${name}-hint`} className="text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} role="alert" className={cn('text-sm text-red-400')}>
          {error}
        </p>
      )}
    </div>
  )
}

export { FormField }
