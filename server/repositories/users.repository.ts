/**
 * Queries on users and their sessions (server-contract: Visitor session, PATCH /api/users/:id; admin-back-office §2
 * Users): by session hash (server/core/session-hash.ts), by username ignoring case, by verified email, the admin list,
 * and the atomic changes of a session visit, a profile change and the import owner. Missing rows come back undefined.
 */
import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { perDb } from '../db/prepared'
import { userSessions, users } from '../db/schema'

/** A users row as stored (ISO-8601 UTC times). */
export type UserRow = typeof users.$inferSelect

const userBySessionHash = perDb((db) =>
  db
    .select()
    .from(users)
    .where(or(eq(users.sessionId, sql.placeholder('hash')), sql`${users.id} = (select ${userSessions.userId} from ${userSessions} where ${userSessions.sessionHash} = ${sql.placeholder('hash')})`))
    .prepare(),
)
// Only the id, straight from bun:sqlite: every visitor call checks it, and mapping a whole users row costs more than the lookup.
const userIdBySessionHash = perDb((db) =>
  db.$client.query<{ id: number }, [string]>('select id from users where session_id = ?1 union all select user_id from user_sessions where session_hash = ?1 limit 1'),
)

/**
 * The synchronous statements on users, for the transactions of other repositories (a magic link, an email capture)
 * that change users together with their own rows.
 */
export const userStatements = {
  /** The user one of whose sessions has this stored hash: the account's first session (users.session_id) or a later one (user_sessions). */
  bySessionHash: (db: Db, hash: string): UserRow | undefined => userBySessionHash(db).get({ hash }),
  /** The user with this id. */
  byId: (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).get(),
  /** The user who verified this (normalised) email; an unverified copy owns nothing. */
  byVerifiedEmail: (db: Db, email: string) => db.select().from(users).where(and(eq(users.email, email), eq(users.emailVerified, true))).get(),
  /** The id of a user other than exceptUserId (0: any user) whose username equals this one ignoring case. */
  idByUsername: (db: Db, username: string, exceptUserId = 0) =>
    db.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId))).get(),
  /** Sets fields of one user and returns the updated row (undefined for an unknown id). */
  update: (db: Db, id: number, values: Partial<typeof users.$inferInsert>) => db.update(users).set(values).where(eq(users.id, id)).returning().get(),
  /** Adds a session (its hash) to userId at createdAt (ISO-8601). */
  insertSession: (db: Db, values: { sessionHash: string; userId: number; createdAt: string }) => db.insert(userSessions).values(values).run(),
}

/** The user one of whose sessions has this stored hash; a system or synthetic tag finds its own user. */
export const findUserBySessionHash = async (db: Db, hash: string) => userStatements.bySessionHash(db, hash)

/** The id of the user one of whose sessions has this stored hash (the lookup of every visitor call). */
export const findUserIdBySessionHash = async (db: Db, hash: string): Promise<number | undefined> => userIdBySessionHash(db).get(hash)?.id

/** The id of a user other than exceptUserId (0: any user) whose username equals this one ignoring case. */
export const findUserIdByUsername = async (db: Db, username: string, exceptUserId = 0) => userStatements.idByUsername(db, username, exceptUserId)

/** The user who verified this (normalised) email. */
export const findUserByVerifiedEmail = async (db: Db, email: string) => userStatements.byVerifiedEmail(db, email)

/** Number of user rows. */
export const countUsers = async (db: Db) => db.select({ n: count() }).from(users).get()!.n

/**
 * Users with what they uploaded, cast and viewed, newest first; one page of limit rows from offset. The page is cut
 * first (a subquery over users' primary key), so the three counts run only for its rows, each an index search
 * (media_user_id_idx, votes_user_media_unique, views_user_media_unique). The alias is written out in the counts: drizzle
 * leaves select-list columns unqualified, and a bare "id" inside a subquery would mean media.id.
 */
export async function listUsersWithActivity(db: Db, limit: number, offset: number) {
  const page = db.select().from(users).orderBy(desc(users.id)).limit(limit).offset(offset).as('page')
  return db
    .select({
      id: page.id,
      username: page.username,
      email: page.email,
      latitude: page.latitude,
      longitude: page.longitude,
      lastLoginAt: page.lastLoginAt,
      loginCount: page.loginCount,
      createdAt: page.createdAt,
      isSynthetic: page.isSynthetic,
      totalUploads: sql<number>`(select count(*) from media where media.user_id = page.id)`,
      totalVotes: sql<number>`(select count(*) from votes where votes.user_id = page.id)`,
      totalViews: sql<number>`(select count(*) from views where views.user_id = page.id)`,
    })
    .from(page)
    .orderBy(desc(page.id))
    .all()
}

/** What a session visit brings (upsertVisitorSession). */
export type SessionVisit = {
  sessionHash: string
  /** The username asked for, already checked for form; used only when no user has it (ignoring case). */
  wantedUsername?: string
  /** A fresh candidate username; asked again until one is free. */
  newUsername: () => string
  latitude?: number
  longitude?: number
  /** ISO-8601 UTC. */
  now: string
  /** Runs just before a new visitor is made; throws to refuse it (nothing is written). */
  admitNew?: () => void
  /** The changes a resumed visit makes to the existing row (none: the row is answered as is). */
  resume: (existing: UserRow) => Partial<UserRow>
}

/**
 * In one transaction: resumes the user of visit.sessionHash with visit.resume's changes, or creates a new visitor
 * (first session visit.sessionHash, counted as logged in once at now) named wantedUsername when free, else the first
 * free newUsername(). Answers the user row.
 */
export async function upsertVisitorSession(db: Db, visit: SessionVisit): Promise<UserRow> {
  return inTransaction(db, () => {
    const existing = userStatements.bySessionHash(db, visit.sessionHash)
    if (existing) {
      const changes = visit.resume(existing)
      return Object.keys(changes).length ? userStatements.update(db, existing.id, changes)! : existing
    }
    visit.admitNew?.()
    const isFree = (name: string) => !userStatements.idByUsername(db, name)
    let username = visit.wantedUsername && isFree(visit.wantedUsername) ? visit.wantedUsername : undefined
    while (!username) {
      const candidate = visit.newUsername()
      if (isFree(candidate)) username = candidate
    }
    const { sessionHash, latitude, longitude, now } = visit
    return db.insert(users).values({ sessionId: sessionHash, username, latitude, longitude, createdAt: now, lastLoginAt: now, loginCount: 1 }).returning().get()
  })
}

/**
 * In one transaction: applies changes to user id unless changes.username is another user's (ignoring case) or
 * changes.email is one another user has verified. Answers the updated row, or which of the two is taken.
 */
export async function updateUserIfFree(db: Db, id: number, changes: Partial<UserRow>): Promise<{ user: UserRow } | { taken: 'username' | 'email' }> {
  return inTransaction(db, () => {
    if (changes.username !== undefined && userStatements.idByUsername(db, changes.username, id)) return { taken: 'username' as const }
    if (changes.email && db.select({ id: users.id }).from(users).where(and(eq(users.email, changes.email), eq(users.emailVerified, true), ne(users.id, id))).get()) {
      return { taken: 'email' as const }
    }
    return { user: userStatements.update(db, id, changes)! }
  })
}

/**
 * In one transaction: the id of the user whose session id is sessionId (a system tag such as the import owner's),
 * inserting it when missing, named the first username(n) (n = 1, 2, ...) no user has (ignoring case).
 */
export async function findOrInsertSystemUser(db: Db, sessionId: string, username: (n: number) => string, createdAt: string): Promise<number> {
  return inTransaction(db, () => {
    const existing = userStatements.bySessionHash(db, sessionId)
    if (existing) return existing.id
    let n = 1
    while (userStatements.idByUsername(db, username(n))) n++
    return db.insert(users).values({ sessionId, username: username(n), createdAt }).returning({ id: users.id }).get().id
  })
}
