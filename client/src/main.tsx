/**
 * Client entry: QueryClient with the spec defaults, restored from the persisted query cache (issue #5), the router
 * with typed context, the React root with the update prompt, and in production builds the service worker, the
 * install offer capture and one request for persistent storage.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { createQueryClient } from './lib/query-client'
import { startQueryPersistence } from './lib/query-persistence'
import { registerServiceWorker } from './lib/sw-registration'
import { captureInstallPrompt } from './features/pwa/install-prompt'
import { UpdatePrompt } from './features/pwa/components/update-prompt'
import './styles.css'

const queryClient = createQueryClient()
const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

captureInstallPrompt()
if (import.meta.env.PROD) void registerServiceWorker()
// Its module (and the date formatting it shares with the profile) is not part of the first load (issue #13).
void import('./lib/persistent-storage').then((m) => m.requestPersistentStorage()).catch(() => false)
// The last known session, configs and stats must be in the cache before the first render, so an offline start shows them.
await startQueryPersistence(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </QueryClientProvider>
  </StrictMode>,
)
