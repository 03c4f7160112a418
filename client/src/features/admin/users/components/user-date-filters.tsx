/**
 * UserDateFilters (admin-back-office §2 User Management, §5): the collapsible 'Date Range Filters' panel with two
 * independent filters (user created date, last login date), Apply Filters and Reset Filters. Edits stay drafts until
 * Apply; onApply gets both filters, onReset asks the page to go back to All Time.
 */
import { useId, useState } from 'react'
import { Button } from '@client/components/ui/button'
import { Card } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Select } from '@client/components/ui/select'
import {
  DATE_FILTER_MODES,
  DEFAULT_DATE_FILTER,
  FILTER_YEARS,
  LAST_DAYS_CHOICES,
  type DateFilter,
  type DateFilterMode,
} from '../user-date-filter'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** Both filters of the panel. */
export type UserDateFilterPair = { created: DateFilter; lastLogin: DateFilter }
/** The panel's initial state: All Time for both. */
export const DEFAULT_FILTER_PAIR: UserDateFilterPair = { created: DEFAULT_DATE_FILTER, lastLogin: DEFAULT_DATE_FILTER }

/** A labelled select over [value, text] options; onChange gets the chosen option's value (a number stays a number). */
function OptionSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly (readonly [T, string])[]
  onChange: (value: T) => void
}) {
  return (
    <Field label={label}>
      <Select value={value} onChange={(e) => onChange(options.find(([v]) => String(v) === e.target.value)![0])}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  )
}

function DateFilterFields({ legend, filter, onChange }: { legend: string; filter: DateFilter; onChange: (f: DateFilter) => void }) {
  const set = (fields: Partial<DateFilter>) => onChange({ ...filter, ...fields })
  const years = FILTER_YEARS.map((y) => [y, String(y)] as const)
  return (
    <fieldset className="space-y-3 rounded-xl border border-zinc-800 p-4">
      <legend className="px-1 font-medium">{legend}</legend>
      <OptionSelect<DateFilterMode> label="Period" value={filter.mode} options={DATE_FILTER_MODES} onChange={(mode) => set({ mode })} />
      {filter.mode === 'lastDays' && (
        <OptionSelect
          label="Days"
          value={filter.lastDays}
          options={LAST_DAYS_CHOICES.map((d) => [d, d === 1 ? 'Last 1 day' : `Last ${d} days`] as const)}
          onChange={(lastDays) => set({ lastDays })}
        />
      )}
      {filter.mode === 'month' && (
        <div className="grid grid-cols-2 gap-2">
          <OptionSelect
            label="Month"
            value={filter.month}
            options={MONTHS.map((m, i) => [i + 1, m] as const)}
            onChange={(month) => set({ month })}
          />
          <OptionSelect label="Year" value={filter.year} options={years} onChange={(year) => set({ year })} />
        </div>
      )}
      {filter.mode === 'year' && <OptionSelect label="Year" value={filter.year} options={years} onChange={(year) => set({ year })} />}
      {filter.mode === 'range' && (
        <div className="grid grid-cols-2 gap-2">
          <Field label="From">
            <Input type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
          </Field>
          <Field label="To">
            <Input type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
          </Field>
        </div>
      )}
    </fieldset>
  )
}

function UserDateFilters({
  error,
  onApply,
  onReset,
}: {
  error?: string
  onApply: (filters: UserDateFilterPair) => void
  onReset: () => void
}) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(DEFAULT_FILTER_PAIR)
  const panelId = useId()
  return (
    <Card className="space-y-4">
      <Button
        variant="ghost"
        className="w-full justify-between"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Date Range Filters <span aria-hidden>{open ? '▲' : '▼'}</span>
      </Button>
      {open && (
        <div id={panelId} className="space-y-4">
          <div className="grid gap-4 md:grid-cols-2">
            <DateFilterFields legend="User Created Date" filter={draft.created} onChange={(created) => setDraft({ ...draft, created })} />
            <DateFilterFields
              legend="Last Login Date"
              filter={draft.lastLogin}
              onChange={(lastLogin) => setDraft({ ...draft, lastLogin })}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button onClick={() => onApply(draft)}>Apply Filters</Button>
            <Button variant="secondary" onClick={() => (setDraft(DEFAULT_FILTER_PAIR), onReset())}>
              Reset Filters
            </Button>
          </div>
        </div>
      )}
    </Card>
  )
}

export { UserDateFilters }
