/** Admin list and count queries (admin-back-office §7), each one query with figures from indexed subqueries, and the Database page's probes. */
import { desc, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media, users } from '../../db/schema'
import { mediaFigureColumns } from '../../ratings/vote-stats'

/** A negative limit (all rows) as SQLite needs it: drizzle drops a negative limit, and SQLite has no OFFSET without LIMIT. */
const rowLimit = (limit: number) => (limit < 0 ? Number.MAX_SAFE_INTEGER : limit)

/** Media with uploader name and actual vote/view figures, newest first; limit (negative: all)/offset. */
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
    .limit(rowLimit(limit))
    .offset(offset)
    .all()

/** Users with what they uploaded, cast and viewed, newest first; limit (negative: all)/offset. */
export const listUsersWithActivity = (db: Db, limit: number, offset: number) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      latitude: users.latitude,
      longitude: users.longitude,
      lastLoginAt: users.lastLoginAt,
      loginCount: users.loginCount,
      createdAt: users.createdAt,
      isSynthetic: users.isSynthetic,
      totalUploads: sql<number>`(select count(*) from media where media.user_id = users.id)`,
      totalVotes: sql<number>`(select count(*) from votes where votes.user_id = users.id)`,
      totalViews: sql<number>`(select count(*) from views where views.user_id = users.id)`,
    })
    .from(users)
    .orderBy(desc(users.id))
    .limit(rowLimit(limit))
    .offset(offset)
    .all()

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
