/**
 * Select: the native select with the Input look and Field wiring; options are its children.
 * Native on purpose: it needs no extra package, works with the phone's own picker and with getByLabel/selectOption.
 */
import type { SelectHTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'
import { useFieldControl } from './field'
import { controlClass } from './input'

/** Props: the native select's. */
export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>

function Select({ className, ...props }: SelectProps) {
  const field = useFieldControl()
  return <select {...field} {...props} className={cn(controlClass, className)} />
}

export { Select }
