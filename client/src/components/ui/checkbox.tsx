/**
 * Checkbox: a tick box on Radix Checkbox (role="checkbox", aria-checked; Space toggles it).
 * Controlled: checked and onCheckedChange(checked: boolean). Name it with a wrapping <label>, a Field, or aria-label.
 */
import * as RadixCheckbox from '@radix-ui/react-checkbox'
import { Check } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@client/lib/cn'
import { useFieldControl } from './field'

/** Props: Radix Checkbox.Root's, with onCheckedChange narrowed to a boolean (no indeterminate state here). */
export type CheckboxProps = Omit<ComponentProps<typeof RadixCheckbox.Root>, 'checked' | 'onCheckedChange'> & {
  checked: boolean
  onCheckedChange(checked: boolean): void
}

function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  const field = useFieldControl()
  return (
    <RadixCheckbox.Root
      {...field}
      {...props}
      onCheckedChange={(state) => onCheckedChange(state === true)}
      className={cn(
        'grid h-4 w-4 shrink-0 place-items-center rounded border border-zinc-500 bg-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-rose-600 data-[state=checked]:bg-rose-600',
        className,
      )}
    >
      <RadixCheckbox.Indicator>
        <Check aria-hidden className="h-3 w-3 text-white" strokeWidth={3} />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  )
}

export { Checkbox }
