/**
 * Switch: an on/off setting on Radix Switch (role="switch", aria-checked; Space and Enter
 * toggle it). Controlled: checked and onCheckedChange(checked). Name it with a wrapping <label> or a Field, or aria-label.
 */
import * as RadixSwitch from '@radix-ui/react-switch'
import type { ComponentProps } from 'react'
import { cn } from '@client/lib/cn'
import { useFieldControl } from './field'

/** Props: Radix Switch.Root's (checked, onCheckedChange, disabled, id, aria-*). */
export type SwitchProps = ComponentProps<typeof RadixSwitch.Root>

function Switch({ className, ...props }: SwitchProps) {
  const field = useFieldControl()
  return (
    <RadixSwitch.Root
      {...field}
      {...props}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-zinc-600 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-rose-600',
        className,
      )}
    >
      <RadixSwitch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </RadixSwitch.Root>
  )
}

export { Switch }
