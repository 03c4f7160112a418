/** Button: a native button with the app's variants (primary, secondary, ghost, destructive, hot, not) and sizes; aria-disabled looks disabled but keeps focus. */
import type { ButtonHTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'

const VARIANTS = {
  primary: 'bg-rose-600 text-white hover:bg-rose-500',
  secondary: 'bg-zinc-800 text-zinc-100 hover:bg-zinc-700 border border-zinc-700',
  ghost: 'bg-transparent text-zinc-300 hover:bg-zinc-800',
  destructive: 'bg-red-600 text-white hover:bg-red-500',
  hot: 'bg-gradient-to-br from-rose-500 to-orange-500 text-white hover:brightness-110 shadow-lg shadow-rose-900/40',
  not: 'bg-gradient-to-br from-sky-500 to-indigo-500 text-white hover:brightness-110 shadow-lg shadow-sky-900/40',
} as const
const SIZES = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4', lg: 'h-14 px-8 text-lg' } as const

/** Props: the native button's, plus variant and size. */
export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES }

function Button({ className, variant = 'primary', size = 'md', type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  )
}

export { Button }
