/**
 * axe-core checks for the browser tests: expectNoSeriousViolations runs the WCAG 2.2 AA rules on a page once its
 * animations have settled and fails on any serious or critical violation.
 */
import { expect } from 'bun:test'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** The WCAG 2.0-2.2 A and AA rule tags of axe-core. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
/** Waits until every finite animation and transition of the page has ended, so colours are read in their final state. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )

/** Runs axe on page and fails with the rule ids, targets and summaries of every serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  await settled(page)
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe-core, so it is switched on by name.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim()}`).join('; ')}`,
    )
  expect(serious).toEqual([])
}
