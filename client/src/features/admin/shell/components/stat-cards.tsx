/** StatCards (admin-back-office §2 summary cards, counters, statistics and results grids): labelled figures in a grid; each card's accessible name is its label. */
import { Card } from '@client/components/ui/card'
import { cn } from '@client/lib/cn'

/** Props: items as [label, value] pairs; className adds to (or overrides) the grid's columns, default 2 and 4 from md. */
export type StatCardsProps = { items: readonly (readonly [string, string | number])[]; className?: string }

function StatCards({ items, className }: StatCardsProps) {
  return (
    <div className={cn('grid grid-cols-2 gap-3 md:grid-cols-4', className)}>
      {items.map(([label, value]) => (
        <Card key={label} aria-label={label}>
          <p className="text-sm text-zinc-400">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </Card>
      ))}
    </div>
  )
}

export { StatCards }
