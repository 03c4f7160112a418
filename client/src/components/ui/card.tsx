/** Card: a bordered panel; CardTitle is its heading. Both take the native element's props. */
import type { HTMLAttributes } from 'react'
import { cn } from '@client/lib/cn'

function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 shadow-sm', className)} {...props} />
}

function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold text-zinc-100', className)} {...props} />
}

export { Card, CardTitle }
