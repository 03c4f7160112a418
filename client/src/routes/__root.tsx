/** Root route: every page (public shell and /adm) renders inside it, with the toaster and the 404 page. */
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { Toaster } from '@client/components/ui/toast'
import { NotFound } from '@client/features/shell/components/not-found'

/** Router context: the QueryClient, for loaders. */
export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFound,
})
