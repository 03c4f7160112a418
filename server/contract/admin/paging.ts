/**
 * Paging of every admin list (admin-back-office §7 lists; docs/decisions.md): a call answers at most
 * one page, the rows as the array (or object) the spec gives, and X-Total-Count with the number of rows in the whole
 * list. Without limit a page holds ADMIN_PAGE_DEFAULT rows; limit above ADMIN_PAGE_MAX or a bad limit/offset is a 400.
 */
import * as v from 'valibot'

/** Rows of a page when the call gives no limit. */
export const ADMIN_PAGE_DEFAULT = 100
/** The largest limit a call may ask for; the screens and the CLI read whole lists in pages of this size. */
export const ADMIN_PAGE_MAX = 500
/** The answer header with the number of rows of the whole list (every page together). */
export const TOTAL_COUNT_HEADER = 'x-total-count'

/** limit (1..ADMIN_PAGE_MAX, default ADMIN_PAGE_DEFAULT) and offset (rows to skip, default 0) of an admin list. */
export const PageQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'limit must be a number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`),
    ),
    String(ADMIN_PAGE_DEFAULT),
  ),
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'offset must be a number'), v.transform(Number)), '0'),
})
export type PageQuery = v.InferOutput<typeof PageQuerySchema>

/** One page of a list: its rows and the number of rows of the whole list. */
export type Page<T> = { items: T[]; total: number }

/**
 * Every row of a paged list, read in pages of ADMIN_PAGE_MAX: fetchPage answers the page at {limit, offset} with the
 * list's total (X-Total-Count). Stops at the total or at a short page, so rows added meanwhile never make it loop.
 */
export async function collectPages<T>(fetchPage: (page: PageQuery) => Promise<Page<T>>): Promise<Page<T>> {
  const items: T[] = []
  for (;;) {
    const page = await fetchPage({ limit: ADMIN_PAGE_MAX, offset: items.length })
    items.push(...page.items)
    if (page.items.length < ADMIN_PAGE_MAX || items.length >= page.total) return { items, total: page.total }
  }
}
