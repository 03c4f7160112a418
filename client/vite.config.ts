/**
 * Vite build of the HotVote PWA: React, TanStack Router file routes (code-split per route), Tailwind, and the
 * installable shell through vite-plugin-pwa, so the site can be added to a home screen and opens offline: the web
 * app manifest and the service worker built from src/sw.ts (injectManifest) with the precache list of the app
 * shell. Output goes to client/dist (sw.js and manifest.webmanifest at its root, which the Bun server serves with
 * no-cache); in dev, /api is proxied to :3000 and no service worker runs. PROFILE_BUILD=1 leaves the code unminified.
 */
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The query-core that @tanstack/react-query uses. query-persist-client-core pins an older query-core, so npm keeps
 * two copies; pointing every import at react-query's copy bundles one and keeps persistence on the same classes.
 */
const requireFromReactQuery = createRequire(createRequire(import.meta.url).resolve('@tanstack/react-query'))
const QUERY_CORE_DIR = dirname(requireFromReactQuery.resolve('@tanstack/query-core/package.json'))

/** Theme colour (rose-600, the brand) and background colour (zinc-950, the page) of the manifest and index.html. */
const THEME_COLOR = '#e11d48'
const BACKGROUND_COLOR = '#09090b'

/**
 * True for a chunk that holds back-office code only: it is named adm-* so the precache can leave it out (visitors
 * never download admin code). That is a chunk entered by an admin module (an /adm route's lazy chunk: the bundler
 * puts a shared module there only when no visitor chunk needs it, like the Tooltip only the bucket screen uses), or
 * a shared chunk of admin modules and libraries alone.
 */
const ADMIN_SOURCE = /\/client\/src\/(routes\/adm|features\/admin)\//
const isAdminChunk = (chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }) =>
  ADMIN_SOURCE.test(chunk.facadeModuleId ?? '') ||
  (chunk.moduleIds.some((id) => ADMIN_SOURCE.test(id)) &&
    chunk.moduleIds.every((id) => ADMIN_SOURCE.test(id) || !id.includes('/client/src/')))

/**
 * Routes whose components are bundled with the entry instead of split into lazy chunks, so the first load of `/`
 * needs no chunk request past the app's own: the root, the visitor shell and the rate screen, which `/` renders at
 * once; a split would cost the phone two more round trips of chunk requests before the first item is even asked for.
 */
const UNSPLIT_ROUTES = new Set(['__root__', '/_shell', '/_shell/'])

/** The client entry: it waits for the first picture's preview to paint, then imports APP_START (client/src/main.tsx). */
const ENTRY = here('./src/main.tsx')
/** The app's start module; its static import graph, less the entry's own, is the app's chunk. */
const APP_START = here('./src/start.tsx')

/** React's runtime: react, react-dom and its scheduler. */
const REACT_RUNTIME = /\/node_modules\/(react|react-dom|scheduler)\//

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }
/** The ids of start and every module it imports statically, transitively. */
function staticGraph(ctx: ChunkingContext, start: string): Set<string> {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next)
  }
  visit(start)
  return seen
}
const chunkModules = new WeakMap<ChunkingContext, { entryShared: Set<string>; app: Set<string> }>()
/**
 * The modules of the two chunks the first load is made of: entryShared, ENTRY's static graph but ENTRY itself (the
 * modules the entry shares with the app), and app, APP_START's static graph less ENTRY's. Computed once per chunking
 * pass (keyed by the pass's context, which the bundler reuses within a pass).
 */
function firstLoadChunks(ctx: ChunkingContext): { entryShared: Set<string>; app: Set<string> } {
  const known = chunkModules.get(ctx)
  if (known) return known
  const entry = staticGraph(ctx, ENTRY)
  const chunks = {
    entryShared: new Set([...entry].filter((id) => id !== ENTRY)),
    app: new Set([...staticGraph(ctx, APP_START)].filter((id) => !entry.has(id))),
  }
  chunkModules.set(ctx, chunks)
  return chunks
}

/**
 * PROFILE_BUILD=1 builds for measuring (bench/first-screen.ts): the same chunks, not minified, so a trace or CPU
 * profile names the source's functions (React's included) instead of one-letter names.
 */
const PROFILE_BUILD = process.env.PROFILE_BUILD === '1'

export default defineConfig({
  root: here('.'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (UNSPLIT_ROUTES.has(routeId) ? [] : undefined) },
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'HotVote',
        short_name: 'HotVote',
        description: 'Rate photos and videos as Hot or Not, upload your own and see how they do.',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        globIgnores: ['assets/adm-*'],
        // One classic script: a module the window loads lazily (the upload kind's tus code) is inlined here, without
        // the page's chunk preloading helper, which refers to import.meta and document.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias: { '@client': here('./src'), '@contract': here('../server/contract'), '@tanstack/query-core': QUERY_CORE_DIR } },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server modulepreloads a lazy route's chunks in the page of that route (first screen).
    manifest: true,
    sourcemap: true,
    minify: !PROFILE_BUILD,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => (isAdminChunk(chunk) ? 'assets/adm-[name]-[hash].js' : 'assets/[name]-[hash].js'),
        // Everything the app imports statically (firstLoadChunks) goes into one chunk, not ~30 small shared ones: over HTTP/1.1 a
        // phone fetches six at a time, so each extra wave of small files costs a round trip before the first render.
        // The group names every module it takes (the app's modules are closed under static imports but for the entry's own
        // modules), so it does not take their dependencies as well: the entry's own modules stay in the entry's chunk.
        codeSplitting: {
          groups: [
            // React's own modules, which the entry evaluates in a task before the rest of the app's (client/src/main.tsx).
            { debugName: 'react', test: REACT_RUNTIME, name: 'react', priority: 1, includeDependenciesRecursively: false },
            {
              debugName: 'app',
              name: (id, ctx) => (firstLoadChunks(ctx).app.has(id) ? 'app' : null),
              includeDependenciesRecursively: false,
            },
            // The modules the entry and the app share, in a chunk of their own: in the entry's chunk, the app would
            // import the entry's chunk while the entry, awaiting the app, has not finished evaluating (a deadlock).
            { debugName: 'entry-shared', name: (id, ctx) => (firstLoadChunks(ctx).entryShared.has(id) ? 'entry-shared' : null) },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
})
