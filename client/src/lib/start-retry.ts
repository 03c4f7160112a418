/**
 * Recovery of a page whose app code could not be fetched (a dropped link, a front door answering 503 while the site
 * restarts): such a page stays on the first paint the server wrote, with nothing that answers a tap, and a module
 * whose fetch failed can stay failed for the page's life, so the page is loaded again: once the network is up, after
 * a delay that doubles with each failed start in this tab (2 s, 4 s, ... at most 60 s, counted in sessionStorage); a
 * start that succeeds resets the count.
 */
const FAILED_STARTS_KEY = 'hotvote.failedStarts'
const FIRST_DELAY_MS = 2_000
const MAX_DELAY_MS = 60_000

/** The failed starts counted in this tab (0 when sessionStorage is blocked). */
function failedStarts(): number {
  try {
    return Number(sessionStorage.getItem(FAILED_STARTS_KEY) ?? 0) || 0
  } catch {
    return 0
  }
}

/** Counts a failed start (error: what the import threw, logged) and loads the page again as described above. */
export function reloadAfterFailedStart(error: unknown): void {
  console.error('the app could not start; the page loads again', error)
  const failed = failedStarts()
  try {
    sessionStorage.setItem(FAILED_STARTS_KEY, String(failed + 1))
  } catch {
    // Blocked storage: every retry waits the first delay.
  }
  const reload = () => window.location.reload()
  if (!navigator.onLine) window.addEventListener('online', reload, { once: true })
  else setTimeout(reload, Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failed))
}

/** Resets the count of failed starts once the app has started. */
export function startSucceeded(): void {
  try {
    sessionStorage.removeItem(FAILED_STARTS_KEY)
  } catch {
    // Blocked storage: nothing was counted.
  }
}
