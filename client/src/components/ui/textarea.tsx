/** Textarea: a multi-line Input (same look, focus ring, Field wiring); size it with className (e.g. min-h-40). */
import type { TextareaHTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'
import { useFieldControl } from './field'
import { controlClass } from './input'

/** Props: the native textarea's. */
export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>

function Textarea({ className, ...props }: TextareaProps) {
  const field = useFieldControl()
  return <textarea {...field} {...props} className={cn(controlClass, 'min-h-20', className)} />
}

export { Textarea }
