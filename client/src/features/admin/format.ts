/** Admin display formats (admin-back-office §8): sizes in B, KB, then MB with one decimal ('Unknown' when missing); dates with 'N/A' and 'Invalid date'. */

/** A size in bytes for people. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return 'Unknown'
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** An ISO-8601 time as a local date and time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? 'Invalid date' : d.toLocaleString()
}
