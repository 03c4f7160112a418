/** Reading a takedown's infringingUrls (admin-back-office §3 DMCA takedown). */

/**
 * The URLs of a stored infringingUrls value: a JSON array string; failing that, the non-blank lines of a
 * newline-separated list; failing that, the single value. Empty or blank input gives [].
 */
export function parseInfringingUrls(raw: string | null | undefined): string[] {
  const text = (raw ?? '').trim()
  if (text === '') return []
  try {
    const parsed: unknown = JSON.parse(text)
    if (Array.isArray(parsed)) return parsed.map((u) => String(u).trim()).filter((u) => u !== '')
  } catch {
    // Not JSON: fall through to the line-separated reading.
  }
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
  return lines.length > 1 ? lines : [text]
}
