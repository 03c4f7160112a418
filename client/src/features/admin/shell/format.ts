/** Admin display formats (admin-back-office §8): sizes in B, KB, then MB with one decimal ('Unknown' when missing); dates with 'N/A' and 'Invalid date'. */
import { formatBytes } from '@client/lib/format'

/** A size in bytes for people: '512 B', '1.5 KB', '3.2 MB' (never a larger unit), 'Unknown' when missing or not finite. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return 'Unknown'
  return formatBytes(bytes, 'MB')
}

/** An ISO-8601 time as the browser's local date and time (toLocaleString); 'N/A' when missing, 'Invalid date' when unparsable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? 'Invalid date' : d.toLocaleString()
}
