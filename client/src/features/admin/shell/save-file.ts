/** Saving a downloaded file in the browser (admin-back-office §7 export-votes and audit-logs export=true). */

/**
 * Saves blob under fileName through an object URL and a clicked <a download>. The URL is revoked a second later:
 * revoking it at once can cancel the download in some browsers.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
