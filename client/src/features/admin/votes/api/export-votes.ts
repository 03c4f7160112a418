/** GET /api/admin/export-votes (admin-back-office §7): every vote as an Excel file, saved as votes_export_{date}.xlsx. */
import { paths } from '@contract/paths'
import { saveBlob } from '@client/features/admin/shell/save-file'
import { adminFetch } from '@client/features/admin/shell/api/admin-api'

/** The saved file's name for a download at `now`: votes_export_YYYY-MM-DD.xlsx (UTC date, as the server names it). */
export const votesExportFileName = (now: Date) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`

/** Fetches the export as a Blob. Throws AdminTokenMissingError without a token, ApiError (a 401 carries SESSION_EXPIRED), TypeError offline. */
export const fetchVotesExport = () => adminFetch<Blob>(paths.adminExportVotes(), { as: 'blob' })

/** Downloads the export and saves it (saveBlob); answers the file name used. Throws like fetchVotesExport. */
export async function downloadVotesExport(): Promise<string> {
  const name = votesExportFileName(new Date())
  saveBlob(await fetchVotesExport(), name)
  return name
}
