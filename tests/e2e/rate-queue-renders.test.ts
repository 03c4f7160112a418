/**
 * Story: while a visitor looks at the first item, the rate screen's queue refills behind it (RATE_QUEUE_SIZE items
 * came with the page, the rest of the catalogue comes with the refill), and the item's view (MediaView) is not
 * rendered again: a refill re-renders the screen's shell, never the picture. Renders are counted from React's
 * commits through the DevTools hook the production build calls: each render of a function component gives its fiber
 * a new list of hooks, a render skipped by memo keeps the old one.
 */
import { describe, expect, test } from 'bun:test'
import { RATE_QUEUE_SIZE } from '@contract/first-screen'
import { STILL_PHOTOS, useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'

const app = useServerAndBrowser()

/**
 * Installed before the page's scripts: a DevTools hook that, on every commit, records for each MediaView fiber (the
 * component whose props are exactly item and onError, memoized or not) the hook lists it has had, by item id.
 * window.viewRenders() answers the renders per item id.
 */
function countViewRenders() {
  type Fiber = { tag: number; memoizedProps: unknown; memoizedState: unknown; child: Fiber | null; sibling: Fiber | null }
  const renders = new Map<number, Set<unknown>>()
  const isView = (f: Fiber) => {
    const props = f.memoizedProps
    return (
      (f.tag === 0 || f.tag === 15) && typeof props === 'object' && props !== null && Object.keys(props).sort().join() === 'item,onError'
    )
  }
  const visit = (root: Fiber) => {
    const stack: Fiber[] = [root]
    for (let f = stack.pop(); f; f = stack.pop()) {
      if (isView(f)) {
        const id = (f.memoizedProps as { item: { id: number } }).item.id
        renders.set(id, (renders.get(id) ?? new Set()).add(f.memoizedState))
      }
      if (f.sibling) stack.push(f.sibling)
      if (f.child) stack.push(f.child)
    }
  }
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      inject: () => 1,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => visit(root.current),
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      checkDCE: () => {},
    },
    viewRenders: () => Object.fromEntries([...renders].map(([id, states]) => [id, states.size])),
  })
}

describe('rate screen renders', () => {
  test('a refill of the queue behind the item on screen does not render its view again', async () => {
    // Still photos only (no poster, so the view never swaps a poster for motion): more than RATE_QUEUE_SIZE of them.
    expect(STILL_PHOTOS.length).toBeGreaterThan(RATE_QUEUE_SIZE)
    await seedUploads(app.server, STILL_PHOTOS)
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addInitScript(countViewRenders)
    const page = await context.newPage()
    await page.goto(`${app.server.url}/`)
    await page.getByRole('button', { name: /Hot$/ }).waitFor()
    const userId = await page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { id: number }).id)
    // The screen keeps its queue in localStorage as it changes: once it holds the whole catalogue, the refill has been committed.
    const stored = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { id: number }[], `hotvote.rateQueue.${userId}`)
    await page.waitForFunction(
      ({ key, n }) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length === n,
      { key: `hotvote.rateQueue.${userId}`, n: STILL_PHOTOS.length },
      { timeout: 30_000 },
    )
    const head = (await stored())[0]!.id
    expect(await page.evaluate(() => (window as unknown as { viewRenders(): Record<number, number> }).viewRenders())).toEqual({ [head]: 1 })
    await context.close()
  })
})
