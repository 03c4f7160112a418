/**
 * The User Management date filters (admin-back-office §2 User Management, §5, §9), compared in the browser's time
 * zone: All Time, Today, Yesterday, Last N days (1, 7, 30, 90; default 7), a month of a year, a year, or a from/to range.
 */
import {
  endOfDay,
  endOfMonth,
  endOfYear,
  isValid,
  isWithinInterval,
  parseISO,
  startOfDay,
  startOfMonth,
  startOfYear,
  subDays,
  type Interval,
} from 'date-fns'

/** The 'last days' choices (admin-back-office §9). */
export const LAST_DAYS_CHOICES = [1, 7, 30, 90] as const
/** The years offered: 2025 and the 9 years before it (admin-back-office §5). */
export const FILTER_YEARS: readonly number[] = Array.from({ length: 10 }, (_, i) => 2025 - i)

/** The kinds of filter, in the order the select shows them, with their labels. */
export const DATE_FILTER_MODES = [
  ['all', 'All Time'],
  ['today', 'Today'],
  ['yesterday', 'Yesterday'],
  ['lastDays', 'Last N days'],
  ['month', 'Select month'],
  ['year', 'Select year'],
  ['range', 'Select range'],
] as const
/** One kind of filter: 'all', 'today', 'yesterday', 'lastDays', 'month', 'year' or 'range'. */
export type DateFilterMode = (typeof DATE_FILTER_MODES)[number][0]

/**
 * One filter as the form holds it. lastDays: one of LAST_DAYS_CHOICES; month: 1-12; year: a full year; from/to:
 * 'YYYY-MM-DD' local dates or '' (an empty end leaves that side open). Only the fields of the mode are read.
 */
export type DateFilter = { mode: DateFilterMode; lastDays: number; month: number; year: number; from: string; to: string }

/** The initial filter: All Time, with the spec's defaults of 7 days, month 1 and year 2025 behind the other modes. */
export const DEFAULT_DATE_FILTER: DateFilter = { mode: 'all', lastDays: 7, month: 1, year: 2025, from: '', to: '' }

const EARLIEST = new Date(-8.64e15)
const LATEST = new Date(8.64e15)

/** A 'YYYY-MM-DD' text as a local date, or undefined when empty; throws for text that is not such a date. */
function localDate(text: string, name: 'From' | 'To'): Date | undefined {
  if (text === '') return undefined
  const d = parseISO(text)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !isValid(d)) throw new Error(`The ${name} date is not a valid date`)
  return d
}

/**
 * The interval a filter keeps, in local time as of `now`, or null for All Time. Last N days runs from N*24 hours
 * before now to the end of today. Throws Error with a message for a range whose dates are invalid or reversed.
 */
export function dateFilterInterval(filter: DateFilter, now: Date): Interval | null {
  switch (filter.mode) {
    case 'all':
      return null
    case 'today':
      return { start: startOfDay(now), end: endOfDay(now) }
    case 'yesterday':
      return { start: startOfDay(subDays(now, 1)), end: endOfDay(subDays(now, 1)) }
    case 'lastDays':
      return { start: subDays(now, filter.lastDays), end: endOfDay(now) }
    case 'month': {
      const first = new Date(filter.year, filter.month - 1, 1)
      return { start: startOfMonth(first), end: endOfMonth(first) }
    }
    case 'year': {
      const first = new Date(filter.year, 0, 1)
      return { start: startOfYear(first), end: endOfYear(first) }
    }
    case 'range': {
      const from = localDate(filter.from, 'From')
      const to = localDate(filter.to, 'To')
      if (from && to && from > to) throw new Error('The From date must not be after the To date')
      return { start: from ? startOfDay(from) : EARLIEST, end: to ? endOfDay(to) : LATEST }
    }
  }
}

/** Whether an ISO-8601 time falls in the interval (null: All Time, which keeps everything, even a missing time). */
export function inDateInterval(iso: string | null, interval: Interval | null): boolean {
  if (interval === null) return true
  if (!iso) return false
  const d = parseISO(iso)
  return isValid(d) && isWithinInterval(d, interval)
}
