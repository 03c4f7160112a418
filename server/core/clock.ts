/**
 * The time source every service reads, so tests can move time (magic-link expiry, rate limits).
 * now(): the current time; sleep(ms): resolves after ms milliseconds (the admin login slowdown waits through it,
 * so tests pass a clock whose sleep only moves its own time).
 */
export type Clock = { now(): Date; sleep(ms: number): Promise<void> }

/** The real clock. */
export const systemClock: Clock = { now: () => new Date(), sleep: (ms) => Bun.sleep(ms) }
