/** GET /api/admin/export-votes (admin-back-office §7): every vote as an Excel file, saved as votes_export_{date}.xlsx. */
import { ApiError } from '@client/lib/api-client'
import { SESSION_EXPIRED, readAdminToken } from './admin-api'

/** The saved file's name for a download at `now`: votes_export_YYYY-MM-DD.xlsx (UTC date, as the server names it). */
export const votesExportFileName = (now: Date) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`

/** Fetches the export with the Basic header as a Blob. Throws ApiError (a 401 carries SESSION_EXPIRED), TypeError offline. */
export async function fetchVotesExport(): Promise<Blob> {
  const res = await fetch('/api/admin/export-votes', { headers: { authorization: `Basic ${readAdminToken() ?? ''}`, 'x-requested-with': 'HotVote' } })
  if (!res.ok) {
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    const error = new ApiError(res.status, text, json, res.statusText)
    throw res.status === 401 ? Object.assign(error, { message: SESSION_EXPIRED }) : error
  }
  return res.blob()
}

/** Downloads the export and saves it through an object URL and an <a download>; answers the file name used. */
export async function downloadVotesExport(): Promise<string> {
  const blob = await fetchVotesExport()
  const name = votesExportFileName(new Date())
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a second later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return name
}
