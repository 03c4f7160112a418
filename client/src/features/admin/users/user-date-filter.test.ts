import { describe, expect, it } from 'bun:test'
import { DEFAULT_DATE_FILTER, FILTER_YEARS, dateFilterInterval, inDateInterval, type DateFilter } from './user-date-filter'

// Local times, so the cases hold in any time zone: now is 22 Nov 2026, 15:30 local.
const now = new Date(2026, 10, 22, 15, 30)
const at = (...parts: [number, number, number, number?, number?]) =>
  new Date(...(parts as [number, number, number, number, number])).toISOString()
const keeps = (filter: Partial<DateFilter>, iso: string | null) =>
  inDateInterval(iso, dateFilterInterval({ ...DEFAULT_DATE_FILTER, ...filter }, now))

describe('dateFilterInterval', () => {
  it('keeps everything for All Time, even a missing date', () => {
    expect(dateFilterInterval(DEFAULT_DATE_FILTER, now)).toBeNull()
    expect(keeps({}, null)).toBe(true)
    expect(keeps({}, at(1999, 0, 1))).toBe(true)
  })

  it('keeps the whole local day for Today and for Yesterday', () => {
    expect(keeps({ mode: 'today' }, at(2026, 10, 22, 0, 0))).toBe(true)
    expect(keeps({ mode: 'today' }, at(2026, 10, 22, 23, 59))).toBe(true)
    expect(keeps({ mode: 'today' }, at(2026, 10, 21, 23, 59))).toBe(false)
    expect(keeps({ mode: 'yesterday' }, at(2026, 10, 21, 0, 1))).toBe(true)
    expect(keeps({ mode: 'yesterday' }, at(2026, 10, 22, 0, 1))).toBe(false)
    expect(keeps({ mode: 'yesterday' }, at(2026, 10, 20, 23, 59))).toBe(false)
  })

  it('keeps the last N days counted back from now', () => {
    expect(keeps({ mode: 'lastDays' }, at(2026, 10, 15, 16, 0))).toBe(true)
    expect(keeps({ mode: 'lastDays' }, at(2026, 10, 15, 15, 0))).toBe(false)
    expect(keeps({ mode: 'lastDays', lastDays: 1 }, at(2026, 10, 21, 16, 0))).toBe(true)
    expect(keeps({ mode: 'lastDays', lastDays: 1 }, at(2026, 10, 20, 16, 0))).toBe(false)
    expect(keeps({ mode: 'lastDays', lastDays: 90 }, at(2026, 7, 25, 12, 0))).toBe(true)
  })

  it('drops a missing date for every mode but All Time', () => {
    expect(keeps({ mode: 'lastDays' }, null)).toBe(false)
    expect(keeps({ mode: 'today' }, null)).toBe(false)
  })

  it('keeps one month of one year, defaulting to January 2025', () => {
    expect(keeps({ mode: 'month' }, at(2025, 0, 1, 0, 0))).toBe(true)
    expect(keeps({ mode: 'month' }, at(2025, 0, 31, 23, 59))).toBe(true)
    expect(keeps({ mode: 'month' }, at(2025, 1, 1, 0, 0))).toBe(false)
    expect(keeps({ mode: 'month', month: 2, year: 2024 }, at(2024, 1, 29, 12, 0))).toBe(true)
    expect(keeps({ mode: 'month', month: 2, year: 2024 }, at(2025, 1, 10, 12, 0))).toBe(false)
  })

  it('keeps one whole year', () => {
    expect(keeps({ mode: 'year', year: 2023 }, at(2023, 0, 1, 0, 0))).toBe(true)
    expect(keeps({ mode: 'year', year: 2023 }, at(2023, 11, 31, 23, 59))).toBe(true)
    expect(keeps({ mode: 'year', year: 2023 }, at(2024, 0, 1, 0, 0))).toBe(false)
  })

  it('keeps a from/to range including both end days, open on an empty side', () => {
    const range = { mode: 'range' as const, from: '2026-11-01', to: '2026-11-10' }
    expect(keeps(range, at(2026, 10, 1, 0, 0))).toBe(true)
    expect(keeps(range, at(2026, 10, 10, 23, 59))).toBe(true)
    expect(keeps(range, at(2026, 10, 11, 0, 0))).toBe(false)
    expect(keeps(range, at(2026, 9, 31, 23, 59))).toBe(false)
    expect(keeps({ ...range, to: '' }, at(2030, 0, 1))).toBe(true)
    expect(keeps({ ...range, from: '' }, at(2000, 0, 1))).toBe(true)
  })

  it('rejects a reversed or malformed range with a message', () => {
    expect(() => dateFilterInterval({ ...DEFAULT_DATE_FILTER, mode: 'range', from: '2026-11-10', to: '2026-11-01' }, now)).toThrow(
      'The From date must not be after the To date',
    )
    expect(() => dateFilterInterval({ ...DEFAULT_DATE_FILTER, mode: 'range', from: '2026-13-45', to: '' }, now)).toThrow(
      'The From date is not a valid date',
    )
  })

  it('ignores an unparsable stored time', () => {
    expect(keeps({ mode: 'year', year: 2025 }, 'not a date')).toBe(false)
  })
})

describe('FILTER_YEARS', () => {
  it('lists 2025 and the 9 years before it', () => {
    expect(FILTER_YEARS).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016])
  })
})
