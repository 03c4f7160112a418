/**
 * Browser-test helper for the rate screen: waitForReveal() reads a vote's result while it shows. The result of a vote
 * shows only for REVEAL_MS (client/src/features/votes/hooks/use-vote.ts) before the next item, so its parts are
 * checked in one frame: two separate reads can straddle the change on a loaded machine.
 * voteHotWhileWaiting() votes while the votes wait in the outbox.
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

/**
 * Votes Hot on the item on screen while the votes cannot be sent (offline), sees `waiting` votes waiting to sync, and
 * waits until the next item can be rated (Hot no longer aria-disabled).
 */
export async function voteHotWhileWaiting(page: Page, waiting: number): Promise<void> {
  await page.getByRole('button', { name: /Hot$/ }).click()
  await page.getByText(`${waiting} vote${waiting === 1 ? '' : 's'} waiting to sync`).waitFor()
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => /Hot$/.test(b.textContent ?? '') && b.getAttribute('aria-disabled') !== 'true'),
  )
}
