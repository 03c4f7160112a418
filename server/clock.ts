/** The time source every service reads, so tests can move time (magic-link expiry, rate limits). */
export type Clock = { now(): Date }

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() }
