/**
 * Deferring work the first screen does not need: whenIdle runs a callback in the browser's
 * next idle period, afterPageLoad once the page has loaded and the browser is then idle, and yieldToMain ends the
 * current task so the browser can paint and handle input before the rest of a long piece of work runs.
 */

/** Runs run in an idle period: requestIdleCallback (at most timeoutMs later) where the browser has it, else a 0-ms timeout. */
export function whenIdle(run: () => void, timeoutMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => run(), { timeout: timeoutMs })
  else setTimeout(run, 0)
}

/** Runs run after the window's load event (at once if it has fired) in the next idle period, at most timeoutMs later. */
export function afterPageLoad(run: () => void, timeoutMs: number): void {
  if (document.readyState === 'complete') whenIdle(run, timeoutMs)
  else window.addEventListener('load', () => whenIdle(run, timeoutMs), { once: true })
}

/**
 * Resolves in a new task (scheduler.yield where the browser has it, which resumes ahead of other queued tasks; else a
 * 0-ms timeout), so awaiting it splits a long piece of work into tasks the browser can interleave with input and paint.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
