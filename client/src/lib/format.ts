/**
 * Display formats shared by the visitor and admin screens: sizes in MB with 1 decimal on the stats screen
 * (public-visitor §9), sizes in 1024-based units (the profile's storage line; admin sizes up to MB,
 * admin-back-office §8), dates for people.
 */
import { format } from 'date-fns'
import { MB } from '@contract/media'

/** A size in bytes as "1.2 MB". */
export const formatMegabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

/** An ISO-8601 time as a local date such as "Nov 22, 2026". */
export const formatDate = (iso: string) => format(new Date(iso), 'PP')

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const
/** A unit of formatBytes. */
export type ByteUnit = (typeof BYTE_UNITS)[number]

/**
 * A byte count in 1024-based units with one decimal, stepping up to `largest` at most (default TB): 0 -> "0 B",
 * 1536 -> "1.5 KB", 3355443 -> "3.2 MB", 1288490188 -> "1.2 GB" ("1228.8 MB" with largest 'MB').
 */
export function formatBytes(bytes: number, largest: ByteUnit = 'TB'): string {
  const last = BYTE_UNITS.indexOf(largest)
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < last) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`
}
