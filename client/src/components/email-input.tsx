/**
 * EmailInput (public-visitor §4 Email input, §5 Email): 800 ms after the last change the trimmed value is checked by
 * POST /api/validate-email; idle, validating (spinner), valid ('Email looks good!') or invalid ('Please check your
 * email address', the first server error, and a clickable 'Did you mean: ...?'); left empty once the visitor edited it
 * or moved focus out of it, it says 'Email address is required' (never just because a dialog opened). prefixed adds ✓ / ✗ (rate and profile).
 */
import { Check, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { EmailValidation } from '@contract/auth'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { apiFetch } from '@client/lib/api-client'
import { paths } from '@contract/paths'

/** Debounce of the check, ms (public-visitor §9). */
export const EMAIL_VALIDATION_DEBOUNCE_MS = 800
export type EmailState = 'idle' | 'validating' | 'valid' | 'invalid'

/** Props: label, value and onChange; onState reports the check's state so a form can disable its button. */
export type EmailInputProps = {
  id: string
  label: string
  value: string
  onChange(value: string): void
  onState?(state: EmailState): void
  prefixed?: boolean
}

function EmailInput({ id, label, value, onChange, onState, prefixed = false }: EmailInputProps) {
  const [state, setState] = useState<EmailState>('idle')
  const [result, setResult] = useState<EmailValidation | null>(null)
  const [failed, setFailed] = useState(false)
  const [touched, setTouched] = useState(false)
  useEffect(() => onState?.(state), [state, onState])
  useEffect(() => {
    const email = value.trim()
    setResult(null)
    setFailed(false)
    if (!email) return setState('idle')
    setState('validating')
    let cancelled = false
    const timer = setTimeout(() => {
      apiFetch<EmailValidation>(paths.validateEmail(), { method: 'POST', json: { email } }).then(
        (r) => !cancelled && (setResult(r), setState(r.isValid ? 'valid' : 'invalid')),
        () => !cancelled && (setFailed(true), setState('invalid')),
      )
    }, EMAIL_VALIDATION_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [value])

  const good = prefixed ? '✓ Email looks good!' : 'Email looks good!'
  const bad = prefixed ? '✗ Please check your email address' : 'Please check your email address'
  const required = touched && !value.trim()
  const messages = (
    <div className="space-y-1 text-sm">
      {state === 'valid' && <p className="text-emerald-400">{good}</p>}
      {state === 'invalid' && (
        <div role="alert" className="text-red-400">
          <p>{bad}</p>
          <p>{failed ? 'Unable to validate email address' : (result?.errors[0] ?? 'Invalid email address')}</p>
        </div>
      )}
      {result?.suggestions && (
        <button type="button" onClick={() => onChange(result.suggestions!)} className="text-sky-400 underline">
          Did you mean: {result.suggestions}?
        </button>
      )}
    </div>
  )
  return (
    <Field id={id} label={label} hint={messages} error={required ? 'Email address is required' : undefined}>
      <div className="relative">
        <Input
          type="email"
          autoComplete="email"
          value={value}
          onChange={(e) => (setTouched(true), onChange(e.target.value))}
          onBlur={() => setTouched(true)}
          aria-invalid={state === 'invalid' || required}
          className="pr-10"
        />
        <span className="absolute right-3 top-1/2 -translate-y-1/2">
          {state === 'validating' && <Spinner className="h-4 w-4" label="Checking email" />}
          {state === 'valid' && <Check aria-hidden className="h-4 w-4 text-emerald-400" />}
          {state === 'invalid' && <X aria-hidden className="h-4 w-4 text-red-400" />}
        </span>
      </div>
    </Field>
  )
}

export { EmailInput }
