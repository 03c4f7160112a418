/** Spinner: an accessible loading indicator; label is read by screen readers. */
import { cn } from '@client/lib/cn'

function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn('inline-block h-6 w-6 animate-spin rounded-full border-2 border-zinc-600 border-t-rose-500', className)}
    />
  )
}

export { Spinner }
