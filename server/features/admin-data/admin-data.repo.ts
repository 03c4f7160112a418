/** Admin list and count queries (admin-back-office §7), each one query with figures from indexed subqueries, and the Database page's probes. */
import { count, desc, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media, users } from '../../db/schema'
import { mediaFigureColumns } from '../../ratings/vote-stats'

/** Media with uploader name and actual vote/view figures, newest first; one page of limit rows from offset. */
export const listMediaWithFigures = (db: Db, limit: number, offset: number) =>
  db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      mimeType: media.mimeType,
      originalName: media.originalName,
      size: media.size,
      width: media.width,
      height: media.height,
      uploadedAt: media.uploadedAt,
      placeholder: media.placeholder,
      variants: media.variants,
      processedAt: media.processedAt,
      username: sql<string>`(select username from users where users.id = media.user_id)`,
      ...mediaFigureColumns,
    })
    .from(media)
    .orderBy(desc(media.id))
    .limit(limit)
    .offset(offset)
    .all()

/** Number of media rows. */
export const countMedia = (db: Db) => db.select({ n: count() }).from(media).get()!.n

/**
 * Users with what they uploaded, cast and viewed, newest first; one page of limit rows from offset. The page is cut
 * first (a subquery over users' primary key), so the three counts run only for its rows, each an index search
 * (media_user_id_idx, votes_user_media_unique, views_user_media_unique). The alias is written out in the counts: drizzle
 * leaves select-list columns unqualified, and a bare "id" inside a subquery would mean media.id.
 */
export function listUsersWithActivity(db: Db, limit: number, offset: number) {
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

/** Number of user rows. */
export const countUsers = (db: Db) => db.select({ n: count() }).from(users).get()!.n

/** Rows in the four main tables. */
export const countTables = (db: Db) =>
  db.all<{ totalUsers: number; totalMedia: number; totalVotes: number; totalViews: number }>(
    sql`select (select count(*) from users) as totalUsers, (select count(*) from media) as totalMedia, (select count(*) from votes) as totalVotes, (select count(*) from views) as totalViews`,
  )[0]

/** True when `select 1` answers 1 (a working connection). */
export const isConnected = (db: Db) => db.all<{ ok: number }>(sql`select 1 as ok`)[0].ok === 1

/** The SQLite library's version, such as 3.46.0. */
export const sqliteVersion = (db: Db) => db.all<{ v: string }>(sql`select sqlite_version() as v`)[0].v

/** The names of the app's tables (SQLite's and drizzle's own left out), sorted. */
export const listTableNames = (db: Db) =>
  db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`).map((t) => t.name)
