/**
 * lazyComponent: React.lazy for a named export, so a dialog's code (and Radix Dialog with it)
 * leaves the first load and is fetched the first time the dialog opens. Render the result inside <Suspense>.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** The component exported as `name` by the module that load() imports (a dynamic import()), loaded on first render. */
// biome-ignore lint/suspicious/noExplicitAny: any props: the loaded component keeps its own props type in M[K]
export function lazyComponent<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })))
}
