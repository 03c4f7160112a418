/**
 * The visitor behind a request: the httpOnly `sid` cookie names a session (server-contract: Visitor session), found by
 * its SHA-256 (server/core/session-hash.ts), since the database keeps no session id in clear.
 * Calls that name a userId must come from that user's own session.
 */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Database } from '../db/database'
import { SessionIdSchema, type SessionUser } from '../contract/session'
import { findUserBySessionHash, findUserIdBySessionHash, type UserRow } from '../repositories/users.repository'
import { hashSessionId } from '../core/session-hash'
import { HttpError, NO_SESSION } from './errors'
import { cookieValue, siteCookie } from './cookie-value'
import type { Config } from '../config'
import { andThen, type MaybePromise } from '../core/maybe-promise'

/** Base name of the session cookie (siteCookie prefixes it over https). */
export const SESSION_COOKIE = 'sid'
/** Session cookie lifetime, seconds (one year). */
export const SESSION_COOKIE_MAX_AGE = 365 * 24 * 3600

/** The name of the session cookie on the site of publicUrl: `__Host-sid` over https, `sid` over http (siteCookie). */
export const sessionCookieName = (publicUrl: string) => siteCookie(publicUrl, SESSION_COOKIE).name

/** Base name of the logged-out cookie: set by logout, cleared by the next POST /api/session (siteCookie prefixes it over https). */
export const LOGGED_OUT_COOKIE = 'logged-out'

/** The name of the logged-out cookie on the site of publicUrl (siteCookie); it takes the session cookie's options. */
export const loggedOutCookieName = (publicUrl: string) => siteCookie(publicUrl, LOGGED_OUT_COOKIE).name

/** Cookie options for the session cookie: HttpOnly, SameSite=Lax, Path=/, one year; Secure when the public URL is https. */
export function sessionCookieOptions(publicUrl: string) {
  const { secure, path } = siteCookie(publicUrl, SESSION_COOKIE)
  return { httpOnly: true, sameSite: 'lax' as const, secure, path, maxAge: SESSION_COOKIE_MAX_AGE }
}

/**
 * The user one of whose sessions is sid, or undefined (no cookie, unknown session, or a sid that is not a well-formed
 * session id: system and synthetic users have such ids, so they never have a session).
 */
export async function findSessionUser(db: Database, sid: string | undefined): Promise<UserRow | undefined> {
  return isSessionId(sid) ? findUserBySessionHash(db, hashSessionId(sid)) : undefined
}

const isSessionId = (sid: string | undefined): sid is string => !!sid && v.is(SessionIdSchema, sid)

/** The visitor of a request, as routes that opt in with `{ visitor: true }` receive it: their users.id. */
export type Visitor = { id: number }

/** The resolved `visitor` of sid, at once on SQLite; throws (or rejects with) HttpError 401 without a well-formed sid naming a session. */
function resolveVisitor(db: Database, sid: string | undefined): MaybePromise<{ visitor: Visitor }> {
  if (!isSessionId(sid)) throw new HttpError(401, NO_SESSION)
  return andThen(findUserIdBySessionHash(db, hashSessionId(sid)), (id) => {
    if (id === undefined) throw new HttpError(401, NO_SESSION)
    return { visitor: { id } }
  })
}

/** The stored hash of a well-formed sid (a route that looks its visitor up itself); throws HttpError 401 without one. */
function sessionHashOf(sid: string | undefined): string {
  if (!isSessionId(sid)) throw new HttpError(401, NO_SESSION)
  return hashSessionId(sid)
}

/**
 * Checks that visitorId, the user a session hash named (undefined: none), is userId, for a route that looked its
 * visitor up together with its own read. Throws HttpError 401 for no session, 403 when userId is someone else's.
 */
export function requireOwnSession(visitorId: number | undefined, userId: number): void {
  if (visitorId === undefined) throw new HttpError(401, NO_SESSION)
  requireOwnUser({ id: visitorId }, userId)
}

/**
 * Checks that userId is the visitor's own id (one call per route that names a userId).
 * Throws HttpError 403 when userId is someone else's.
 */
export function requireOwnUser(visitor: Visitor, userId: number): void {
  if (visitor.id !== userId) throw new HttpError(403, 'That user id is not yours')
}

/**
 * The one place that reads the session cookie, named for config.publicUrl (sessionCookieName). A route
 * opts in with a macro and its handler receives:
 * - `{ visitor: true }`: `visitor` ({ id }), from the fast id-only lookup; 401 without a session;
 * - `{ sessionHash: true }`: `sessionHash`, the stored hash of the cookie's session id, not looked up: the route looks
 *   its visitor up in its own first statement and calls requireOwnSession; 401 without a well-formed session id;
 * - `{ visitorUser: true }`: `visitorUser`, the whole users row, and `sid`, the cookie's session id; 401 without a session;
 * - `{ optionalVisitor: true }`: `visitorUser`, the users row or undefined, and `sid`, the cookie's value or undefined; never 401.
 * Routes that name none of them pay no session lookup. Resolution runs after validation, so bad input still answers 400 first.
 * The sid is read from the Cookie header (cookieValue), so these routes pay for no cookie jar.
 */
export const visitorSession = ({ db, config }: { db: Database; config: Config }) => {
  const name = sessionCookieName(config.publicUrl)
  // From the header, not Elysia's cookie jar: a jar would be built for every route of the app (cookie-value.ts).
  const sidOf = (request: Request) => cookieValue(request.headers.get('cookie'), name)
  return new Elysia().macro({
    visitor: { resolve: ({ request }) => resolveVisitor(db, sidOf(request)) },
    // An object literal, not a call's answer: Elysia then runs the resolve without awaiting it.
    sessionHash: { resolve: ({ request }) => ({ sessionHash: sessionHashOf(sidOf(request)) }) },
    visitorUser: {
      resolve: async ({ request }) => {
        const sid = sidOf(request)
        const visitorUser = await findSessionUser(db, sid)
        if (!visitorUser || !sid) throw new HttpError(401, NO_SESSION)
        return { visitorUser, sid }
      },
    },
    optionalVisitor: {
      resolve: async ({ request }) => {
        const sid = sidOf(request)
        return { visitorUser: await findSessionUser(db, sid), sid }
      },
    },
  })
}

/** Maps a users row to the session user shape (public-visitor §3 User); sessionId: the request's own session id (the row holds a hash). */
export function toSessionUser(row: UserRow, sessionId: string): SessionUser {
  return {
    id: row.id,
    sessionId,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt,
    latitude: row.latitude,
    longitude: row.longitude,
  }
}
