/**
 * EmailInput (public-visitor §4 Email input, §5 Email): 800 ms after the last change the trimmed value is checked by
 * POST /api/validate-email; idle, validating (spinner), valid ('Email looks good!') or invalid ('Please check your
 * email address', the first server error, and a clickable 'Did you mean: ...?'); left empty once the visitor edited it
 * or moved focus out of it, it says 'Email address is required' (never just because a dialog opened, issue #13). prefixed adds ✓ / ✗ (rate and profile).
 */
import { Check, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { EmailValidation } from '@contract/auth'
import { Spinner } from '@client/components/ui/spinner'
import { apiFetch } from '@client/lib/api-client'
import { paths } from '@contract/paths'

/** Debounce of the check, ms (public-visitor §9). */
export const EMAIL_VALIDATION_DEBOUNCE_MS = 800
export type EmailState = 'idle' | 'validating' | 'valid' | 'invalid'

/** Props: label, value and onChange; onState reports the check's state so a form can disable its button. */
export type EmailInputProps = { id: string; label: string; value: string; onChange(value: string): void; onState?(state: EmailState): void; prefixed?: boolean }

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
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <input id={id} type="email" autoComplete="email" value={value} onChange={(e) => (setTouched(true), onChange(e.target.value))} onBlur={() => setTouched(true)} aria-invalid={state === 'invalid' || (touched && !value.trim())} aria-describedby={`${id}-message`} className="w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 pr-10 text-zinc-100 outline-none focus:border-rose-500" />
        <span className="absolute right-3 top-1/2 -translate-y-1/2">
          {state === 'validating' && <Spinner className="h-4 w-4" label="Checking email" />}
          {state === 'valid' && <Check aria-hidden className="h-4 w-4 text-emerald-400" />}
          {state === 'invalid' && <X aria-hidden className="h-4 w-4 text-red-400" />}
        </span>
      </div>
      <div id={`${id}-message`} className="space-y-1">
        {touched && !value.trim() && (
          <p role="alert" className="text-sm text-red-400">
            Email address is required
          </p>
        )}
        {state === 'valid' && <p className="text-sm text-emerald-400">{good}</p>}
        {state === 'invalid' && (
          <div role="alert" className="text-sm text-red-400">
            <p>{bad}</p>
            <p>{failed ? 'Unable to validate email address' : (result?.errors[0] ?? 'Invalid email address')}</p>
          </div>
        )}
        {result?.suggestions && (
          <button type="button" onClick={() => onChange(result.suggestions!)} className="text-sm text-sky-400 underline">
            Did you mean: {result.suggestions}?
          </button>
        )}
      </div>
    </div>
  )
}

export { EmailInput }
