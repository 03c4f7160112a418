/**
 * Input: the app's text-like input (text, email, url, number, date, search, password) with
 * a visible focus ring and a red border when aria-invalid. Inside a Field it takes the Field's id, aria-describedby
 * and aria-invalid unless given its own. controlClass is the one copy of the control look, shared by Select and Textarea.
 */
import type { InputHTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'
import { useFieldControl } from './field'

/** The look of every form control: border, dark fill, focus ring (WCAG 2.4.7), invalid border, disabled dimming. */
export const controlClass =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-500 outline-none focus-visible:border-rose-500 focus-visible:ring-2 focus-visible:ring-rose-500/60 aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:opacity-50'

/** Props: the native input's. */
export type InputProps = InputHTMLAttributes<HTMLInputElement>

function Input({ className, ...props }: InputProps) {
  const field = useFieldControl()
  return <input {...field} {...props} className={cn(controlClass, className)} />
}

export { Input }
