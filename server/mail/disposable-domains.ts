/**
 * The disposable-email-domains list (public-visitor §8), looked up by binary search in the package's JSON file as
 * read from disk: one Buffer of its bytes instead of a Set of over a hundred thousand strings (each a heap cell and
 * its own allocation), and nothing built from it, since a loop over the whole list costs more resident memory in
 * compiled code than the list itself. Figures: docs/performance.md > Causes.
 */
import { readFileSync } from 'node:fs'

/**
 * The package's list: a JSON array of lowercase domain names, one `"domain",` per line between the `[` and `]` lines,
 * sorted (the package's own tests check the order), with no escape sequences.
 */
const LIST_FILE = Bun.resolveSync('disposable-email-domains/index.json', import.meta.dir)
const NEWLINE = 0x0a
const QUOTE = 0x22

/** Whether list (the bytes of the JSON file above) holds domain, compared as UTF-8 bytes, exactly. */
function hasDomain(list: Buffer, domain: string): boolean {
  const key = Buffer.from(domain)
  // Line starts in [lo, hi): every line between the `[` line and the `]` line holds one domain.
  let lo = list.indexOf(NEWLINE) + 1
  let hi = list.lastIndexOf(NEWLINE) + 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const lineStart = list.lastIndexOf(NEWLINE, mid - 1) + 1
    const lineEnd = list.indexOf(NEWLINE, mid)
    const open = list.indexOf(QUOTE, lineStart)
    const order = list.compare(key, 0, key.length, open + 1, list.indexOf(QUOTE, open + 1))
    if (order === 0) return true
    if (order < 0) lo = lineEnd + 1
    else hi = lineStart
  }
  return false
}

let list: Buffer | undefined

/** Whether domain (lowercase) is on the disposable-email-domains list; the file is read on the first call. */
export function isDisposableDomain(domain: string): boolean {
  list ??= readFileSync(LIST_FILE)
  return hasDomain(list, domain)
}
