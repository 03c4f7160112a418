/** DetailList (admin-back-office §2 Media detail dialog, DMCA request detail): labelled values as a two-column description list. */
import type { HTMLAttributes, ReactNode } from 'react'
import { cn } from '@client/lib/cn'

/**
 * Props: items as [label, value] rows in order (labels unique); valueClassName styles each value (default
 * 'break-words'); any other <dl> attribute (className merges over the grid's classes, aria-label names the list).
 */
export type DetailListProps = {
  items: readonly (readonly [string, ReactNode])[]
  valueClassName?: string
} & HTMLAttributes<HTMLDListElement>

function DetailList({ items, valueClassName = 'break-words', className, ...rest }: DetailListProps) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm', className)} {...rest}>
      {items.map(([label, value]) => [
        <dt key={`${label}-t`} className="text-zinc-400">
          {label}
        </dt>,
        <dd key={`${label}-d`} className={valueClassName}>
          {value}
        </dd>,
      ])}
    </dl>
  )
}

export { DetailList }
