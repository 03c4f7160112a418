/** The answer of a paged admin list (contract/admin/paging): the page's rows, with X-Total-Count set to the whole list's size. */
import { TOTAL_COUNT_HEADER, type Page } from '../contract/admin/paging'

/** Sets X-Total-Count on the answer's headers and answers the page's rows. */
export function answerPage<T>(set: { headers: Record<string, string | number> }, page: Page<T>): T[] {
  set.headers[TOTAL_COUNT_HEADER] = String(page.total)
  return page.items
}
