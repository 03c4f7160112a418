/**
 * Analytics (public-visitor §1, §4): the one module that records events. Events go to window.dataLayer; the
 * third-party tag is loaded only when the server names an analytics id (ANALYTICS_ID).
 */
declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

let loadedId: string | null = null

/** Loads the tag for id once (gtag.js); does nothing for null. */
export function loadAnalytics(id: string | null): void {
  if (!id || loadedId === id) return
  loadedId = id
  window.dataLayer ??= []
  window.dataLayer.push(['js', new Date()], ['config', id])
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
  document.head.appendChild(script)
}

/** Records one event with its parameters. */
export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  window.dataLayer ??= []
  window.dataLayer.push(['event', name, params])
}
