/**
 * Browser-test helper for the rate screen: waitForReveal() reads a vote's result while it shows. The result of a vote
 * shows only for REVEAL_MS (client/src/features/votes/hooks/use-vote.ts) before the next item, so its parts are
 * checked in one frame: two separate reads can straddle the change on a loaded machine.
 */
import type { Page } from 'playwright-core'

/** Waits until the stats panel shows the bar named bar ('100% Hot, 0% Not') and the total votes text total, together. */
export async function waitForReveal(page: Page, bar: string, total: string): Promise<void> {
  await page.waitForFunction(
    ({ bar, total }) => {
      const panel = document.querySelector('section[aria-label="Vote statistics"]')
      return (
        panel?.querySelector(`[role="img"][aria-label="${bar}"]`) != null &&
        panel.querySelector('[data-testid="total-votes"]')?.textContent === total
      )
    },
    { bar, total },
  )
}
