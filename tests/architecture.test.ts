/**
 * Import boundaries of STYLE §1: client/ and cli/ reach into server/ only through server/contract/;
 * contract modules import only valibot and each other; server services never import Elysia;
 * server features never import each other, routes never import a repository, only server/repositories and server/db
 * touch the database (drizzle-orm, a database client, the raw client handle), and no feature reads the sid cookie itself;
 * client/src/lib never imports a feature; back-office features import only themselves and admin/shell, and client, CLI and server feature code write no '/api/' path of their own.
 * No source file names an issue number (the word issue followed by a number, or a number after '(#'): a comment says what the code does and why.
 * The media tools (sharp, thumbhash, ffmpeg) are used only inside server/media/, the one media module.
 * No test hands Playwright's waitForFunction an async check (it would not wait: tests/support/pwa.ts polls instead).
 */
import { describe, expect, it } from 'bun:test'
import { Glob } from 'bun'
import { join, relative, resolve, dirname } from 'node:path'

const ROOT = join(import.meta.dir, '..')

/** Every import specifier of a TypeScript file (static imports and re-exports). */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2],
  )
}

/** The repository-relative target of a specifier seen from file, or undefined for a package import. */
function targetOf(file: string, spec: string): string | undefined {
  if (spec.startsWith('@server/')) return join('server', spec.slice(8))
  if (spec.startsWith('@contract/')) return join('server/contract', spec.slice(10))
  if (spec.startsWith('@client/')) return join('client/src', spec.slice(8))
  if (spec.startsWith('.')) return relative(ROOT, resolve(dirname(join(ROOT, file)), spec))
  return undefined
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for await (const f of new Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: ROOT }))
    if (!f.includes('node_modules') && !f.endsWith('routeTree.gen.ts')) out.push(f)
  return out
}

async function violations(dir: string, isBad: (file: string, spec: string, target: string | undefined) => boolean) {
  const bad: string[] = []
  for (const file of await filesUnder(dir)) {
    for (const spec of importsOf(await Bun.file(join(ROOT, file)).text()))
      if (isBad(file, spec, targetOf(file, spec))) bad.push(`${file} -> ${spec}`)
  }
  return bad
}

describe('import boundaries', () => {
  it('keeps client/ and cli/ out of server/ except server/contract/', async () => {
    const intoServer = (_: string, __: string, target?: string) =>
      !!target && target.startsWith('server/') && !target.startsWith('server/contract')
    expect([...(await violations('client', intoServer)), ...(await violations('cli', intoServer))]).toEqual([])
  })

  it('lets contract modules import only valibot and other contract modules', async () => {
    const bad = await violations('server/contract', (_, spec, target) =>
      target ? !target.startsWith('server/contract') : spec !== 'valibot',
    )
    expect(bad).toEqual([])
  })

  it('keeps client features from importing each other (compose them in routes)', async () => {
    const featureOf = (path: string) => path.match(/^client\/src\/features\/([^/]+)\//)?.[1]
    const bad = await violations(
      'client/src/features',
      (file, _, target) => !!target && !!featureOf(target) && featureOf(target) !== featureOf(file),
    )
    expect(bad).toEqual([])
  })

  it('keeps client/src/lib (the outbox in lib/offline included) from importing features: a feature registers what lib runs for it (client/src/outbox-kinds.ts)', async () => {
    const bad = await violations('client/src/lib', (_, __, target) => !!target?.startsWith('client/src/features/'))
    expect(bad).toEqual([])
  })

  it('keeps the back-office features (client/src/features/admin/<name>/) apart: each imports only itself and admin/shell, the shell none of them', async () => {
    const adminFeatureOf = (path: string) => path.match(/^client\/src\/features\/admin\/([^/]+)\//)?.[1]
    const loose = (await filesUnder('client/src/features/admin')).filter((file) => !adminFeatureOf(file))
    const bad = await violations('client/src/features/admin', (file, _, target) => {
      const to = target && adminFeatureOf(target)
      return !!to && to !== adminFeatureOf(file) && to !== 'shell'
    })
    expect([...loose, ...bad]).toEqual([])
  })

  it('keeps client/ and cli/ from declaring or re-exporting a type the contract already exports (each answer typed once, imported from the contract)', async () => {
    const declared = (source: string) =>
      [...source.matchAll(/^\s*(?:export\s+)?(?:type|interface)\s+([A-Z]\w*)\b(?!\s*,)/gm)].map((m) => m[1])
    const reexported = (source: string) =>
      [...source.matchAll(/^\s*export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@contract\//gm)].flatMap((m) =>
        m[1].split(',').map((name) => name.trim().replace(/^type\s+/, '')),
      )
    const contractTypes = new Set<string>()
    for (const file of await filesUnder('server/contract'))
      for (const name of declared(await Bun.file(join(ROOT, file)).text())) contractTypes.add(name)
    const bad: string[] = []
    for (const file of [...(await filesUnder('client')), ...(await filesUnder('cli'))]) {
      const source = await Bun.file(join(ROOT, file)).text()
      for (const name of declared(source)) if (contractTypes.has(name)) bad.push(`${file}: ${name}`)
      for (const name of reexported(source)) if (name) bad.push(`${file}: re-exports ${name}`)
    }
    expect(contractTypes.size).toBeGreaterThan(40)
    expect(bad).toEqual([])
  })

  it('keeps server features from importing each other: shared code lives in a non-feature server module', async () => {
    const featureOf = (path: string) => path.match(/^server\/features\/([^/]+)\//)?.[1]
    const bad = await violations(
      'server/features',
      (file, _, target) => !!target && !!featureOf(target) && featureOf(target) !== featureOf(file),
    )
    expect(bad).toEqual([])
  })

  it('keeps route files from importing a repository: routes call services, services call repositories', async () => {
    const bad = await violations('server', (file, _, target) => file.endsWith('.routes.ts') && !!target?.startsWith('server/repositories/'))
    expect(bad).toEqual([])
  })

  it('keeps route files from reading the sid cookie: the visitor comes from the visitorSession plugin', async () => {
    const bad: string[] = []
    for (const file of await filesUnder('server/features')) {
      if (/(?:cookie\[SESSION_COOKIE\]|cookie\.sid\b|cookie\[['"]sid['"]\])\s*\.value/.test(await Bun.file(join(ROOT, file)).text()))
        bad.push(file)
    }
    expect(bad).toEqual([])
  })

  it("keeps API path literals out of client, CLI and server features: they use server/contract/paths.ts's `paths` and `routes`, and routes register under no prefix (tests may use literal paths)", async () => {
    const bad: string[] = []
    const files = [...(await filesUnder('client/src')), ...(await filesUnder('cli')), ...(await filesUnder('server/features'))]
    for (const file of files.filter((f) => !/\.test\.tsx?$/.test(f))) {
      const code = (await Bun.file(join(ROOT, file)).text()).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
      for (const m of code.matchAll(/(['"`])\/api\/[^'"`]*\1|\bprefix\s*:/g)) bad.push(`${file}: ${m[0]}`)
    }
    expect(bad).toEqual([])
  })

  it("lets only server/repositories and server/db reach the database: drizzle-orm, bun:sqlite, Bun's SQL or another client, the raw $client handle (STYLE §1; tests may seed directly)", async () => {
    const isDatabaseLayer = (file: string) => /^server\/(repositories|db)\//.test(file) || /\.test\.ts$/.test(file)
    const clients = /^(drizzle-orm|bun:sqlite|postgres|pg)(\/|$)/
    const bad = await violations('server', (file, spec) => !isDatabaseLayer(file) && clients.test(spec))
    for (const file of await filesUnder('server')) {
      if (isDatabaseLayer(file)) continue
      const code = await Bun.file(join(ROOT, file)).text()
      if (/\$client\b/.test(code)) bad.push(`${file}: $client`)
      if (/import\s*(type\s*)?\{[^}]*\bSQL\b[^}]*\}\s*from\s*['"]bun['"]/.test(code)) bad.push(`${file}: SQL from bun`)
    }
    expect(bad).toEqual([])
  })

  it('keeps queries out of services: a service calls repositories, never the schema or the connection of server/db (STYLE §2)', async () => {
    const bad = await violations(
      'server/features',
      (file, _, target) => file.endsWith('.service.ts') && /^server\/db\/(schema|open|prepared|group-commit)$/.test(target ?? ''),
    )
    expect(bad).toEqual([])
  })

  it('keeps every repository in server/repositories/<aggregate>.repository.ts, importing no service, route or Elysia', async () => {
    const misplaced = (await filesUnder('server')).filter(
      (f) => /\.repo(sitory)?\.ts$/.test(f) && !/^server\/repositories\/[a-z-]+\.repository\.ts$/.test(f),
    )
    const bad = await violations(
      'server/repositories',
      (_, spec, target) => spec === 'elysia' || !!target?.startsWith('server/features/') || !!target?.startsWith('server/http/'),
    )
    expect([...misplaced, ...bad]).toEqual([])
  })

  it('keeps the media tools (sharp, thumbhash, ffmpeg) inside server/media/: features reach decoding, stripping and variants through the media module', async () => {
    const tools = /^(sharp|thumbhash|@ffmpeg-installer\/ffmpeg)$/
    const bad = await violations(
      'server',
      (file, spec) => !file.startsWith('server/media/') && !/\.test\.ts$/.test(file) && tools.test(spec),
    )
    for (const file of await filesUnder('server')) {
      if (!file.startsWith('server/media/') && /['"]ffmpeg['"]/.test(await Bun.file(join(ROOT, file)).text()))
        bad.push(`${file}: runs ffmpeg`)
    }
    expect(bad).toEqual([])
  })

  it('keeps Elysia out of services', async () => {
    const bad = await violations('server/features', (file, spec) => file.endsWith('.service.ts') && spec === 'elysia')
    expect(bad).toEqual([])
  })
})

describe('source text', () => {
  it('names no issue number in code, comments or test titles: a comment says what the code does and why', async () => {
    const issueRef = [/\b[Ii]ssues? #?\d+/, /\(#\d+\)/]
    const bad: string[] = []
    // drizzle/ is left out: a migration is never edited once written, since every database records its hash.
    for (const dir of ['server', 'client/src', 'cli', 'tests', 'bench', 'scripts']) {
      for await (const file of new Glob(`${dir}/**/*.{ts,tsx,css,js,mjs,sh,sql}`).scan({ cwd: ROOT })) {
        if (file.includes('node_modules') || file.endsWith('routeTree.gen.ts')) continue
        const lines = (await Bun.file(join(ROOT, file)).text()).split('\n')
        lines.forEach((line, i) => issueRef.some((re) => re.test(line)) && bad.push(`${file}:${i + 1}: ${line.trim()}`))
      }
    }
    expect(bad).toEqual([])
  })

  it("passes no async check to Playwright's waitForFunction: it takes the returned Promise as a truthy answer and never waits", async () => {
    const asyncCheck = /waitForFunction\(\s*async\b/
    const bad: string[] = []
    for (const dir of ['tests', 'bench']) {
      for await (const file of new Glob(`${dir}/**/*.{ts,tsx,mjs}`).scan({ cwd: ROOT })) {
        if (file.includes('node_modules')) continue
        if (asyncCheck.test(await Bun.file(join(ROOT, file)).text())) bad.push(file)
      }
    }
    expect(bad).toEqual([])
  })
})
