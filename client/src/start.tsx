/**
 * The app (started by the entry, main.tsx): QueryClient with the spec defaults, restored from the persisted query cache, the router
 * with typed context, the React root with the update prompt, and once the page has loaded and the browser is idle (on
 * `/` also after the first vote or the quiet after the first item), the service worker (production builds) and one
 * request for persistent storage.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { createQueryClient } from './lib/query-client'
import { startQueryPersistence } from './lib/query-persistence'
import { registerServiceWorker } from './lib/sw-registration'
import { siteSettingsQueryOptions } from './features/shell/api/get-site-settings'
import { afterPageLoad, yieldToMain } from './lib/when-idle'
import { removeFirstPicturePreview } from './lib/first-picture-preview'
import { afterFirstVoteOrQuiet } from './features/votes/first-media'
import { prepareCn } from './lib/cn'
import { UpdatePrompt } from './features/pwa/components/update-prompt'
import './outbox-kinds'

const queryClient = createQueryClient()
/** The app's router over the generated route tree, with the QueryClient as the loaders' context. */
const createAppRouter = () => createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

/** Longest wait for an idle period after the page's load event before the deferred start-up work runs, ms. */
const START_UP_IDLE_TIMEOUT_MS = 2000
/** Longest wait on `/` for the first vote or the quiet after the first item before the deferred start-up work runs, ms. */
const FIRST_SCREEN_LATEST_MS = 15_000

// Neither is needed for the first screen, so their code loads (and the service worker installs, fetching its
// precache) once the page has loaded and the browser is idle, not beside the first item's requests; on `/` only once
// the visitor has voted or the first item has been on screen a while (afterFirstVoteOrQuiet), so the worker's
// script, its precache and its registration's tasks do not compete with the rate screen's start.
const firstScreenDone =
  window.location.pathname === '/'
    ? Promise.race([afterFirstVoteOrQuiet(), new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_LATEST_MS))])
    : Promise.resolve()
void firstScreenDone.then(() =>
  afterPageLoad(() => {
    if (import.meta.env.PROD)
      void registerServiceWorker(() => queryClient.fetchQuery(siteSettingsQueryOptions()).then((s) => s.mediaBaseUrl ?? null))
    void import('./lib/persistent-storage').then((m) => m.requestPersistentStorage()).catch(() => false)
  }, START_UP_IDLE_TIMEOUT_MS),
)
// tailwind-merge builds its configuration and class tables on first use (a few ms, four times that on a slow phone):
// done in two tasks of their own while the persisted cache is read, rather than inside the first render's task (Total
// Blocking Time).
setTimeout(prepareCn, 0)
// The last known session, configs and stats must be in the cache before the first render, so an offline start shows them.
await startQueryPersistence(queryClient)
// The router's set-up (history, route tree, first location) runs in a task of its own rather than in the modules'
// evaluation or the cache's restore, so neither start-up task holds the main thread long (Total Blocking Time).
await yieldToMain()
const router = createAppRouter()
// The first picture's preview belongs to `/` (the rate screen removes it once its own picture has painted): a page
// load of, or a move to, any other page removes it.
router.subscribe('onResolved', ({ toLocation }) => {
  if (toLocation.pathname !== '/') removeFirstPicturePreview()
})
// On `/` the first location's matches and loaders run here, in tasks of their own, rather than in the router's first
// commit (its Transitioner loads the first location from a layout effect unless it is already resolved): the first
// render then commits the resolved matches, and the session query the rate route's loader starts is already fetching
// when the page subscribes to it. Only `/`, whose routes are in the app's chunk: a page whose route is split off stays
// blank when its load runs before a router is rendered.
if (window.location.pathname === '/') {
  await yieldToMain()
  await router.load()
}
// createRoot (React's event listeners on the root) and the first render in a task after the router's. The first render
// is a transition, which React renders in time slices and commits in a task of its own, where an update of the default
// priority is rendered and committed in one task.
await yieldToMain()

const root = createRoot(document.getElementById('root')!)
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </QueryClientProvider>
    </StrictMode>,
  ),
)
