/**
 * First-load JS budget of `/` as a build check: the brotli copies (scripts/compress-dist.ts) of
 * the JS that client/dist/index.html loads and statically imports, and the app's chunks that its entry imports
 * dynamically (with their static imports, read from the build's manifest), sum to at most 160 KB, and none of it, nor the lazy
 * route code that `/` needs before it shows anything (the shell layout and the rate route, with their static imports), is back-office,
 * dialog or upload code (read from the chunks' source maps). The home routes are bundled with the entry today
 * (client/vite.config.ts); the check also follows them into chunks of their own, should they be split off again. Needs `npm run build` first, as the browser tests do.
 */
import { describe, expect, it } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../support/browser'
import { appChunks, type BuildManifest } from '../../server/features/first-screen/first-screen.service'

const DIST = join(ROOT, 'client', 'dist')
/** The budget, bytes of compressed JS (under 160 KB). */
const FIRST_LOAD_BUDGET_BYTES = 160 * 1024
/**
 * Sources that must wait until used: the back office, the upload screen, every dialog (the shared Dialog, the
 * account and prompt dialogs, the full-screen viewer, Radix Dialog itself) and the user menu (with Radix Dropdown Menu). The route table, with its lazy
 * components, is in the entry. The upload's outbox kind (features/upload/outbox-kind.ts, how a stored upload is sent)
 * is not screen code: the entry registers it, so uploads stored earlier replay from any page.
 */
const DEFERRED_SOURCE =
  /(^|\/)src\/(features\/admin\/|features\/upload\/(?!outbox-kind\.ts$)|components\/ui\/dialog|features\/account\/components\/account-dialogs|features\/prompts\/components\/prompt-dialogs|features\/votes\/components\/full-screen-viewer|features\/account\/components\/user-menu\.tsx$)|@radix-ui\/react-(dialog|dropdown-menu)/
/** The route files `/` needs before it shows anything: the root, the visitor shell and the rate route. */
const ROUTES_OF_HOME = /src\/routes\/(__root|_shell|_shell\/index)\.tsx/

/** The asset paths (like /assets/x.js) that html loads as a module script or modulepreload. */
const entryScripts = (html: string) =>
  [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1])

/** The chunks that code imports statically (`import ... from "./x.js"`, `import "./x.js"`), as /assets/ paths; dynamic import() is left out. */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => `/assets/${m[1].slice(2)}`)

/** The source files of a chunk, from its source map ([] for a chunk Vite writes without one, like its preload helper). */
const sourcesOf = (path: string) =>
  existsSync(join(DIST, `${path}.map`))
    ? (JSON.parse(readFileSync(join(DIST, `${path}.map`), 'utf8')) as { sources: string[] }).sources
    : []

/** starts and, transitively, their static imports. */
function withStaticImports(starts: string[]): string[] {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const next of staticImports(readFileSync(join(DIST, path), 'utf8'))) visit(next)
  }
  for (const path of starts) visit(path)
  return [...seen]
}

/** Every JS file of the first load: the entry scripts, the app's chunks the entry imports (appChunks) and, transitively, their static imports. */
const firstLoadScripts = () => {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as BuildManifest
  return withStaticImports([...entryScripts(readFileSync(join(DIST, 'index.html'), 'utf8')), ...appChunks(manifest)])
}

/** The first load plus any chunk holding a route of `/` (ROUTES_OF_HOME), and their static imports. */
function homeScripts(): string[] {
  const chunks = readdirSync(join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `/assets/${f}`)
  const routeChunks = chunks.filter((path) => sourcesOf(path).some((s) => ROUTES_OF_HOME.test(s)))
  return withStaticImports([...firstLoadScripts(), ...routeChunks])
}

/** Bytes of path on the wire for a browser that takes br: the brotli copy, or the file itself when the build found it too small to compress. */
const wireBytes = (path: string) => statSync(join(DIST, existsSync(join(DIST, `${path}.br`)) ? `${path}.br` : path)).size

describe('the first load of / (client/dist)', () => {
  it('loads at most 160 KB of compressed JS', () => {
    const scripts = firstLoadScripts()
    expect(scripts.length).toBeGreaterThan(1)
    expect(existsSync(join(DIST, `${scripts[0]}.br`))).toBe(true)
    const total = scripts.reduce((sum, path) => sum + wireBytes(path), 0)
    console.log(`first load of /: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB brotli`)
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
  })

  it('holds no back-office, dialog or upload code, nor does any chunk holding a route of /', () => {
    const sources = homeScripts().flatMap(sourcesOf)
    expect(sources.some((s) => s.endsWith('src/main.tsx'))).toBe(true)
    expect(sources.some((s) => s.endsWith('src/start.tsx'))).toBe(true)
    for (const route of ['__root', '_shell', '_shell/index']) expect(sources.some((s) => s.includes(`src/routes/${route}.tsx`))).toBe(true)
    expect(sources.some((s) => s.includes('src/features/votes/components/rate-screen.tsx'))).toBe(true)
    expect([...new Set(sources.filter((s) => DEFERRED_SOURCE.test(s)))]).toEqual([])
  })
})
