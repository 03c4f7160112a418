/**
 * Tooltip: a short text shown on hover and on keyboard focus of its trigger, on Radix
 * Tooltip (the content is the trigger's accessible description; Escape closes it). children is the trigger and must be
 * one focusable element (a button or a link); content is the text. Each Tooltip carries its own provider (delay 300 ms).
 */
import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactNode } from 'react'
import { cn } from '@client/lib/cn'

/** Props: children (the trigger, rendered as is), content (the tip), side (default top), className for the bubble. */
export type TooltipProps = { children: ReactNode; content: ReactNode; side?: 'top' | 'right' | 'bottom' | 'left'; className?: string }

function Tooltip({ children, content, side = 'top', className }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-50 max-w-xs break-all rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1 text-xs text-zinc-100 shadow-lg',
              className,
            )}
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}

export { Tooltip }
