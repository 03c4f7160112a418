/**
 * The documentation's links and paths: every relative link in README.md and docs/**\/*.md (markdown links and HTML
 * src/href) points to a file or folder of the repository, and a link with #anchor to a heading of the .md file it
 * names (GitHub's heading ids); every repository path the docs name in code (`server/...`, `client/...`) exists; and
 * README.md stays short (at most README_MAX_LINES lines), with the rest in docs/.
 */
import { describe, expect, it } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ROOT } from './support/browser'

/** Most lines README.md may have. */
const README_MAX_LINES = 160
/** Top-level folders whose paths, named in code spans, must exist. */
const CHECKED_FOLDERS = ['server', 'client', 'cli', 'drizzle', 'tests', 'scripts', 'bench', 'docs']

const docFiles = ['README.md', ...[...new Bun.Glob('docs/**/*.md').scanSync({ cwd: ROOT })].sort()]
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** text without fenced code blocks, so example code is not read as links or headings. */
const withoutFences = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '')

/** GitHub's id for a heading's text: markdown links reduced to their text, lower case, punctuation dropped, spaces as hyphens. */
export function headingId(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-')
}

/** The ids of every heading of a markdown file, a repeated heading numbered as GitHub does (id, id-1, id-2, ...). */
function headingIds(file: string): Set<string> {
  const seen = new Map<string, number>()
  const ids = new Set<string>()
  for (const [, text] of withoutFences(read(file)).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const id = headingId(text)
    const n = seen.get(id) ?? 0
    ids.add(n ? `${id}-${n}` : id)
    seen.set(id, n + 1)
  }
  return ids
}

/** Every link target of a markdown file outside code: [text](target) and src="..." / href="...". */
function linkTargets(file: string): string[] {
  const text = withoutFences(read(file)).replace(/`[^`\n]*`/g, '')
  const markdown = [...text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((m) => m[1])
  const html = [...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1])
  return [...markdown, ...html]
}

/** What is wrong with target as a link from file (undefined when it resolves). */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined
  const [path, anchor] = target.split('#', 2) as [string, string | undefined]
  const resolved = path ? relative(ROOT, join(ROOT, dirname(file), decodeURIComponent(path))) : file
  if (resolved.startsWith('..') || !existsSync(join(ROOT, resolved))) return `${target}: no such file`
  if (anchor === undefined) return undefined
  if (!resolved.endsWith('.md')) return `${target}: an anchor into a file that is not markdown`
  return headingIds(resolved).has(anchor) ? undefined : `${target}: no heading #${anchor} in ${resolved}`
}

describe('documentation links', () => {
  it('finds the README and the docs', () => {
    expect(docFiles).toContain('docs/operations.md')
    expect(docFiles.length).toBeGreaterThan(8)
  })

  for (const file of docFiles) {
    it(`every relative link in ${file} resolves`, () => {
      const broken = linkTargets(file).flatMap((target) => brokenLink(file, target) ?? [])
      expect(broken).toEqual([])
    })

    it(`every repository path ${file} names in code exists`, () => {
      const named = [...withoutFences(read(file)).matchAll(/`([^`\s]+)`/g)].map((m) => m[1])
      const paths = named.filter(
        (p) => CHECKED_FOLDERS.includes(p.split('/')[0]) && p.includes('/') && !/[*<>{}|]/.test(p) && p !== 'client/dist',
      )
      expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([])
    })
  }

  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('reads GitHub heading ids the way GitHub writes them', () => {
    expect(headingId('What `npm test` runs')).toBe('what-npm-test-runs')
    expect(headingId('2026-11-25: Shared state lives in the database')).toBe('2026-11-25-shared-state-lives-in-the-database')
    expect(headingId('PostgreSQL driver: Bun SQL or postgres.js')).toBe('postgresql-driver-bun-sql-or-postgresjs')
    expect(brokenLink('README.md', 'docs/operations.md#no-such-heading')).toContain('no heading')
    expect(brokenLink('README.md', 'docs/no-such-file.md')).toContain('no such file')
  })
})
