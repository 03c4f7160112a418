/**
 * Paging of every admin list (admin-back-office §7 lists; server-contract: Admin API; docs/api.md Admin lists): a call
 * answers at most one page, the rows as the array (or object) the spec gives, X-Total-Count with the number of rows in
 * the whole list and, when rows follow the page, X-Next-Cursor. Without limit a page holds ADMIN_PAGE_DEFAULT rows.
 * A page starts after the row a cursor names (after=<X-Next-Cursor of the page before>), so rows added to or removed
 * from the list between two calls never shift the next page; offset (rows to skip, from the top or from the cursor)
 * stays as the spec gives it. limit above ADMIN_PAGE_MAX, a bad limit/offset or a cursor the list did not answer is a 400.
 */
import * as v from 'valibot'

/** Rows of a page when the call gives no limit. */
export const ADMIN_PAGE_DEFAULT = 100
/** The largest limit a call may ask for; the screens and the CLI read whole lists in pages of this size. */
export const ADMIN_PAGE_MAX = 500
/** The answer header with the number of rows of the whole list (every page together). */
export const TOTAL_COUNT_HEADER = 'x-total-count'
/** The answer header with the cursor of the next page (the value of its `after`); absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor'
/** The message of a 400 for an `after` that is no cursor of the list it was sent to. */
export const BAD_CURSOR = 'after must be a cursor the list answered in X-Next-Cursor'
/** The largest row id a cursor may name: the ids are 32-bit integers on PostgreSQL. */
const MAX_ROW_ID = 2_147_483_647

/** What a caller asks of a paged list: limit, offset, and after (an X-Next-Cursor the list answered). */
export type PageRequest = { limit?: number; offset?: number; after?: string }

/**
 * The cursor of a page that starts after the row whose sort key is key (a row id, or a bucket key): base64url of its
 * JSON, so a caller passes it back as given and never builds one.
 */
export function encodeCursor(key: number | string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(JSON.stringify(key))) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The sort key a cursor of encodeCursor holds, or undefined when text is not such a cursor. */
function decodeCursor(text: string): unknown {
  if (!/^[\w-]{1,4096}$/.test(text)) return undefined
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))))
  } catch {
    return undefined
  }
}

/** An `after` parameter decoded to the sort key key accepts; any other text is a 400 with BAD_CURSOR. */
const cursorSchema = <K>(key: v.GenericSchema<unknown, K>) =>
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = v.safeParse(key, decodeCursor(dataset.value))
      if (parsed.success) return parsed.output
      addIssue({ message: BAD_CURSOR })
      return NEVER
    }),
  )

const pageEntries = {
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
}

/**
 * limit (1..ADMIN_PAGE_MAX, default ADMIN_PAGE_DEFAULT), offset (rows to skip, default 0) and after (decoded to the
 * id of the last row of the page before) of a list ordered newest first by id.
 */
export const PageQuerySchema = v.object({
  ...pageEntries,
  after: v.optional(cursorSchema(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ROW_ID)))),
})
export type PageQuery = v.InferOutput<typeof PageQuerySchema>

/** PageQuerySchema for a list ordered by a unique text key (the bucket's object keys): after decodes to the last key of the page before. */
export const KeyPageQuerySchema = v.object({ ...pageEntries, after: v.optional(cursorSchema(v.string())) })
export type KeyPageQuery = v.InferOutput<typeof KeyPageQuerySchema>

/** One page of a list: its rows, the number of rows of the whole list, and the cursor of the next page when rows follow. */
export type Page<T> = { items: T[]; total: number; next?: string }

/**
 * Every row of a paged list, read in pages of ADMIN_PAGE_MAX, each after the cursor the page before answered:
 * fetchPage answers the page of its request with the list's total (X-Total-Count) and next (X-Next-Cursor). A row
 * that is in the list from the first call to the last comes back exactly once, whatever is added or removed meanwhile.
 * Answers the rows and the total of the last page.
 */
export async function collectPages<T>(fetchPage: (page: PageRequest) => Promise<Page<T>>): Promise<Page<T>> {
  const items: T[] = []
  let after: string | undefined
  for (;;) {
    const page = await fetchPage({ limit: ADMIN_PAGE_MAX, after })
    items.push(...page.items)
    if (page.next === undefined) return { items, total: page.total }
    after = page.next
  }
}
