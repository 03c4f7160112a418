/**
 * Visitor sessions (server-contract: Visitor session): create on first visit with a generated
 * readable username, resume (counting a login at most once per 30 minutes), update location.
 */
import { adjectives, animals, uniqueNamesGenerator } from 'unique-names-generator'
import type { Deps } from '../../core/deps'
import type { SessionInput } from '../../contract/session'
import { isReservedUsername } from '../../contract/users'
import { endSession, findUserIdBySessionHash, upsertVisitorSession, type UserRow } from '../../repositories/users.repository'
import { hashSessionId } from '../../core/session-hash'
import { createRateLimiter, hitAllOrThrow, HOUR_MS } from '../../http/rate-limit'

export const TOO_MANY_SESSIONS = 'Too many new visitors from this address. Please try again later.'

/** A resumed session counts as a new login only after this much time since the last one, ms. */
export const LOGIN_RESUME_WINDOW_MS = 30 * 60 * 1000

/** A readable username such as BraveOtter4821 (the repository takes the first one no user has, ignoring case). */
export function randomUsername(): string {
  const words = uniqueNamesGenerator({ dictionaries: [adjectives, animals], separator: '', style: 'capital', length: 2 })
  return `${words}${Math.floor(1000 + Math.random() * 9000)}`.slice(0, 30)
}

/**
 * Creates the visitor for an unknown sessionId, or resumes a known one (updating location when given), in one
 * transaction. A requested username is used only when free and not reserved; otherwise one is generated.
 * Only the session id's hash is stored. Returns the user row.
 * admitNew runs before a new visitor is made (the session id is unknown); it rejects (e.g. HttpError 429) to refuse it,
 * and then nothing is written.
 */
export async function upsertSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: SessionInput,
  admitNew?: () => Promise<void>,
): Promise<UserRow> {
  const now = deps.clock.now()
  const sessionHash = hashSessionId(input.sessionId)
  if (admitNew && (await findUserIdBySessionHash(deps.db, sessionHash)) === undefined) await admitNew()
  const wanted = input.username?.trim()
  return upsertVisitorSession(deps.db, {
    sessionHash,
    wantedUsername: wanted && /^[A-Za-z0-9_-]{3,30}$/.test(wanted) && !isReservedUsername(wanted) ? wanted : undefined,
    newUsername: randomUsername,
    latitude: input.latitude,
    longitude: input.longitude,
    now: now.toISOString(),
    resume(existing) {
      const changes: Partial<UserRow> = {}
      if (input.latitude !== undefined && input.longitude !== undefined)
        Object.assign(changes, { latitude: input.latitude, longitude: input.longitude })
      const last = existing.lastLoginAt ? Date.parse(existing.lastLoginAt) : 0
      if (now.getTime() - last >= LOGIN_RESUME_WINDOW_MS)
        Object.assign(changes, { lastLoginAt: now.toISOString(), loginCount: existing.loginCount + 1 })
      return changes
    },
  })
}

/**
 * The one way a visitor starts or comes back, for POST /api/session and the first screen of `/`: startVisitor(input,
 * address) is upsertSession admitting a new visitor only within config.sessionsPerAddressPerHour per client address
 * (address: its rate-limit key); past it rejects with HttpError 429 and Retry-After, writing nothing. Resuming is never
 * limited.
 */
export function visitorStarter(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const newPerAddress = createRateLimiter(deps, 'session-address', { limit: deps.config.sessionsPerAddressPerHour, windowMs: HOUR_MS })
  return (input: SessionInput, address: string): Promise<UserRow> =>
    upsertSession(deps, input, () => hitAllOrThrow(TOO_MANY_SESSIONS, [newPerAddress, address]))
}

/**
 * Logout of the session sid (the sid cookie's value): its stored hash is removed from the account (endSession), so
 * neither the cookie nor the client's stored session id opens the account again; the account and its other sessions
 * (other browsers, magic-link logins) stay.
 */
export async function endVisitorSession(deps: Pick<Deps, 'db'>, sid: string): Promise<void> {
  await endSession(deps.db, hashSessionId(sid))
}
