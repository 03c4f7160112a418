/**
 * Queries on users and their sessions (server-contract: Visitor session, PATCH /api/users/:id; admin-back-office §2
 * Users): by session hash (server/core/session-hash.ts), by username ignoring case, by verified email, the admin list,
 * and the atomic changes of a session visit, a logout, a profile change and the import owner. Missing rows come back undefined.
 */
import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { idBelow, retryTransaction, shared, type Database, type PgQueries, type SqliteDatabase } from '../db/database'
import type { PageQuery } from '../contract/admin/paging'
import { perDb } from '../db/prepared'
import { loggedOutSessionId } from '../db/system-session-ids'
import { userSessions, users } from '../db/schema'
import * as pg from '../db/schema.pg'
import type { MaybePromise } from '../core/maybe-promise'

/** A users row as stored (ISO-8601 UTC times). */
export type UserRow = typeof users.$inferSelect

const userBySessionHash = perDb((db) =>
  db
    .select()
    .from(users)
    .where(
      or(
        eq(users.sessionId, sql.placeholder('hash')),
        sql`${users.id} = (select ${userSessions.userId} from ${userSessions} where ${userSessions.sessionHash} = ${sql.placeholder('hash')})`,
      ),
    )
    .prepare(),
)
// Only the id, straight from bun:sqlite: every visitor call checks it, and mapping a whole users row costs more than the lookup.
const userIdBySessionHash = perDb((db) =>
  db.$client.query<{ id: number }, [string]>(
    'select id from users where session_id = ?1 union all select user_id from user_sessions where session_hash = ?1 limit 1',
  ),
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
  byVerifiedEmail: (db: Db, email: string) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.emailVerified, true)))
      .get(),
  /** The id of a user other than exceptUserId (0: any user) whose username equals this one ignoring case. */
  idByUsername: (db: Db, username: string, exceptUserId = 0) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId)))
      .get(),
  /** Sets fields of one user and returns the updated row (undefined for an unknown id). */
  update: (db: Db, id: number, values: Partial<typeof users.$inferInsert>) =>
    db.update(users).set(values).where(eq(users.id, id)).returning().get(),
  /** Adds a session (its hash) to userId at createdAt (ISO-8601). */
  insertSession: (db: Db, values: { sessionHash: string; userId: number; createdAt: string }) =>
    db.insert(userSessions).values(values).run(),
}

/** userStatements on PostgreSQL, each awaited on the pool or inside a transaction. */
export const pgUserStatements = {
  bySessionHash: async (q: PgQueries, hash: string): Promise<UserRow | undefined> =>
    (
      await q
        .select()
        .from(pg.users)
        .where(
          or(
            eq(pg.users.sessionId, hash),
            sql`${pg.users.id} = (select ${pg.userSessions.userId} from ${pg.userSessions} where ${pg.userSessions.sessionHash} = ${hash})`,
          ),
        )
        .limit(1)
    )[0],
  byId: async (q: PgQueries, id: number): Promise<UserRow | undefined> => (await q.select().from(pg.users).where(eq(pg.users.id, id)))[0],
  byVerifiedEmail: async (q: PgQueries, email: string): Promise<UserRow | undefined> =>
    (
      await q
        .select()
        .from(pg.users)
        .where(and(eq(pg.users.email, email), eq(pg.users.emailVerified, true)))
    )[0],
  idByUsername: async (q: PgQueries, username: string, exceptUserId = 0) =>
    (
      await q
        .select({ id: pg.users.id })
        .from(pg.users)
        .where(and(sql`lower(${pg.users.username}) = lower(${username})`, ne(pg.users.id, exceptUserId)))
        .limit(1)
    )[0],
  update: async (q: PgQueries, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> =>
    (await q.update(pg.users).set(values).where(eq(pg.users.id, id)).returning())[0],
  insertSession: async (q: PgQueries, values: { sessionHash: string; userId: number; createdAt: string }) =>
    void (await q.insert(pg.userSessions).values(values)),
}

/** The user one of whose sessions has this stored hash; a system or synthetic tag finds its own user. */
export const findUserBySessionHash = async (db: Database, hash: string) =>
  db.dialect === 'sqlite' ? userStatements.bySessionHash(db.orm, hash) : pgUserStatements.bySessionHash(db.orm, hash)

/** The id of the user one of whose sessions has this stored hash (the lookup of every visitor call); at once on SQLite. */
export function findUserIdBySessionHash(db: SqliteDatabase, hash: string): number | undefined
export function findUserIdBySessionHash(db: Database, hash: string): MaybePromise<number | undefined>
export function findUserIdBySessionHash(db: Database, hash: string): MaybePromise<number | undefined> {
  if (db.dialect === 'sqlite') return userIdBySessionHash(db.orm).get(hash)?.id
  return db.sql<
    { id: number }[]
  >`select id from users where session_id = ${hash} union all select user_id from user_sessions where session_hash = ${hash} limit 1`.then(
    ([row]) => row?.id,
  )
}

/** The id of a user other than exceptUserId (0: any user) whose username equals this one ignoring case. */
export const findUserIdByUsername = async (db: Database, username: string, exceptUserId = 0) =>
  db.dialect === 'sqlite'
    ? userStatements.idByUsername(db.orm, username, exceptUserId)
    : pgUserStatements.idByUsername(db.orm, username, exceptUserId)

/** The user who verified this (normalised) email. */
export const findUserByVerifiedEmail = async (db: Database, email: string) =>
  db.dialect === 'sqlite' ? userStatements.byVerifiedEmail(db.orm, email) : pgUserStatements.byVerifiedEmail(db.orm, email)

/** Number of user rows. */
export async function countUsers(db: Database) {
  const { orm, t } = shared(db)
  return (await orm.select({ n: count() }).from(t.users))[0].n
}

/**
 * Users with what they uploaded, cast and viewed, newest first; one page: limit rows from offset, below the cursor's
 * id. The page is cut first (a subquery over users' primary key), so the three counts run only for its rows, each an index search
 * (media_user_id_idx, votes_user_media_unique, views_user_media_unique). The alias is written out in the counts: drizzle
 * leaves select-list columns unqualified, and a bare "id" inside a subquery would mean media.id.
 */
export async function listUsersWithActivity(db: Database, { limit, offset, after }: PageQuery) {
  const { orm, t } = shared(db)
  const page = orm.select().from(t.users).where(idBelow(t.users.id, after)).orderBy(desc(t.users.id)).limit(limit).offset(offset).as('page')
  return orm
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
      totalUploads: sql<number>`(select count(*) from media where media.user_id = page.id)`.mapWith(Number),
      totalVotes: sql<number>`(select count(*) from votes where votes.user_id = page.id)`.mapWith(Number),
      totalViews: sql<number>`(select count(*) from views where views.user_id = page.id)`.mapWith(Number),
    })
    .from(page)
    .orderBy(desc(page.id))
}

/**
 * Ends the session whose stored hash is hash (logout), in one transaction: its user_sessions row is deleted, or, when
 * it is the session that created the account, users.session_id becomes a new logged-out tag (loggedOutSessionId).
 * The account and its other sessions stay. No session with that hash: nothing changes.
 */
export async function endSession(database: Database, hash: string): Promise<void> {
  if (database.dialect === 'postgres') {
    await retryTransaction(() =>
      database.orm.transaction(async (tx) => {
        await tx.delete(pg.userSessions).where(eq(pg.userSessions.sessionHash, hash))
        await tx.update(pg.users).set({ sessionId: loggedOutSessionId() }).where(eq(pg.users.sessionId, hash))
      }),
    )
    return
  }
  const db = database.orm
  inTransaction(db, () => {
    db.delete(userSessions).where(eq(userSessions.sessionHash, hash)).run()
    db.update(users).set({ sessionId: loggedOutSessionId() }).where(eq(users.sessionId, hash)).run()
  })
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
export async function upsertVisitorSession(database: Database, visit: SessionVisit): Promise<UserRow> {
  if (database.dialect === 'postgres') return retryTransaction(() => database.orm.transaction((tx) => upsertVisitorSessionPg(tx, visit)))
  const db = database.orm
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
    return db
      .insert(users)
      .values({ sessionId: sessionHash, username, latitude, longitude, createdAt: now, lastLoginAt: now, loginCount: 1 })
      .returning()
      .get()
  })
}

/**
 * In one transaction: applies changes to user id unless changes.username is another user's (ignoring case). Answers
 * the updated row, or taken when the username is. An email is never checked here: the caller stores it unverified,
 * and only a verified copy is unique (users_verified_email_unique).
 */
export async function updateUserIfUsernameFree(
  database: Database,
  id: number,
  changes: Partial<UserRow>,
): Promise<{ user: UserRow } | { taken: 'username' }> {
  if (database.dialect === 'postgres') {
    return retryTransaction(() =>
      database.orm.transaction(async (tx) => {
        if (changes.username !== undefined && (await pgUserStatements.idByUsername(tx, changes.username, id)))
          return { taken: 'username' as const }
        return { user: (await pgUserStatements.update(tx, id, changes))! }
      }),
    )
  }
  const db = database.orm
  return inTransaction(db, () => {
    if (changes.username !== undefined && userStatements.idByUsername(db, changes.username, id)) return { taken: 'username' as const }
    return { user: userStatements.update(db, id, changes)! }
  })
}

/**
 * In one transaction: the id of the user whose session id is sessionId (a system tag such as the import owner's),
 * inserting it when missing, named the first username(n) (n = 1, 2, ...) no user has (ignoring case).
 */
export async function findOrInsertSystemUser(
  database: Database,
  sessionId: string,
  username: (n: number) => string,
  createdAt: string,
): Promise<number> {
  if (database.dialect === 'postgres') {
    return retryTransaction(() =>
      database.orm.transaction(async (tx) => {
        const existing = await pgUserStatements.bySessionHash(tx, sessionId)
        if (existing) return existing.id
        let n = 1
        while (await pgUserStatements.idByUsername(tx, username(n))) n++
        return (
          await tx
            .insert(pg.users)
            .values({ sessionId, username: username(n), createdAt })
            .returning({ id: pg.users.id })
        )[0].id
      }),
    )
  }
  const db = database.orm
  return inTransaction(db, () => {
    const existing = userStatements.bySessionHash(db, sessionId)
    if (existing) return existing.id
    let n = 1
    while (userStatements.idByUsername(db, username(n))) n++
    return db
      .insert(users)
      .values({ sessionId, username: username(n), createdAt })
      .returning({ id: users.id })
      .get().id
  })
}

/** upsertVisitorSession's steps on PostgreSQL, inside transaction tx. */
async function upsertVisitorSessionPg(tx: PgQueries, visit: SessionVisit): Promise<UserRow> {
  const existing = await pgUserStatements.bySessionHash(tx, visit.sessionHash)
  if (existing) {
    const changes = visit.resume(existing)
    return Object.keys(changes).length ? (await pgUserStatements.update(tx, existing.id, changes))! : existing
  }
  visit.admitNew?.()
  const isFree = async (name: string) => !(await pgUserStatements.idByUsername(tx, name))
  let username = visit.wantedUsername && (await isFree(visit.wantedUsername)) ? visit.wantedUsername : undefined
  while (!username) {
    const candidate = visit.newUsername()
    if (await isFree(candidate)) username = candidate
  }
  const { sessionHash, latitude, longitude, now } = visit
  return (
    await tx
      .insert(pg.users)
      .values({ sessionId: sessionHash, username, latitude, longitude, createdAt: now, lastLoginAt: now, loginCount: 1 })
      .returning()
  )[0]
}
