/** Card: a bordered panel; CardTitle is its heading (an h2, or the level `as` names, e.g. the page's h1). Both take the native element's props. */
import type { HTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'

function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 shadow-sm', className)} {...props} />
}

function CardTitle({ className, as: Heading = 'h2', ...props }: HTMLAttributes<HTMLHeadingElement> & { as?: 'h1' | 'h2' | 'h3' }) {
  return <Heading className={cn('text-lg font-semibold text-zinc-100', className)} {...props} />
}

export { Card, CardTitle }
