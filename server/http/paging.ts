/**
 * Reading and answering one page of an admin list (contract/admin/paging): the rows of the page with the cursor of the
 * next one, and the headers X-Total-Count and X-Next-Cursor.
 */
import { encodeCursor, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, type Page } from '../contract/admin/paging'

/**
 * The rows of one page: read answers up to limit rows at page (after the cursor's row, offset rows skipped) and is
 * asked for limit + 1, so a row beyond the page tells that one follows; next is then the cursor of the page's last
 * row, keyOf giving its sort key (its id, or its bucket key).
 */
export async function readPage<R, K extends number | string>(
  page: { limit: number; offset: number; after?: K },
  read: (page: { limit: number; offset: number; after?: K }) => Promise<R[]>,
  keyOf: (row: R) => K,
): Promise<{ rows: R[]; next?: string }> {
  const rows = await read({ ...page, limit: page.limit + 1 })
  if (rows.length <= page.limit) return { rows }
  rows.length = page.limit
  return { rows, next: encodeCursor(keyOf(rows[page.limit - 1])) }
}

/** Sets X-Total-Count, and X-Next-Cursor when a page follows, on the answer's headers. */
export function setPageHeaders(set: { headers: Record<string, string | number> }, page: Pick<Page<unknown>, 'total' | 'next'>): void {
  set.headers[TOTAL_COUNT_HEADER] = String(page.total)
  if (page.next !== undefined) set.headers[NEXT_CURSOR_HEADER] = page.next
}

/** Sets the page's headers (setPageHeaders) and answers its rows. */
export function answerPage<T>(set: { headers: Record<string, string | number> }, page: Page<T>): T[] {
  setPageHeaders(set, page)
  return page.items
}
