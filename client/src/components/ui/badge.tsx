/**
 * Badge: a small rounded label (status, type, count). variant picks the colours; every pair
 * keeps text contrast of at least 4.5:1. Renders a <span> with the native props (role="status" for live ones).
 */
import type { HTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'

const VARIANTS = {
  neutral: 'border-zinc-700 bg-zinc-800 text-zinc-100',
  success: 'border-emerald-500/40 bg-emerald-500/20 text-emerald-200',
  warning: 'border-amber-500/40 bg-amber-500/20 text-amber-200',
  danger: 'border-red-500/40 bg-red-500/20 text-red-200',
  info: 'border-sky-500/40 bg-sky-500/20 text-sky-200',
  accent: 'border-purple-500/40 bg-purple-500/25 text-purple-200',
  overlay: 'border-transparent bg-black/70 text-white',
} as const

/** The badge colour names. */
export type BadgeVariant = keyof typeof VARIANTS

/** Props: the native span's, plus variant (default neutral). */
export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }

function Badge({ className, variant = 'neutral', ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', VARIANTS[variant], className)}
      {...props}
    />
  )
}

export { Badge }
