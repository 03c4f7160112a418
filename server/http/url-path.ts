/** Request-URL helpers for the per-request hooks (no URL object is built on the hot path). */

/** The path of an absolute request URL (`http://host/path?query`), without building a URL object. */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return '/'
  const end = url.indexOf('?', start)
  return end < 0 ? url.slice(start) : url.slice(start, end)
}
