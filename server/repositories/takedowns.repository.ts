/** Queries on DMCA takedowns and the visibility of the media they name (server-contract: POST /api/dmca-takedown; admin-back-office §2 DMCA). Missing rows come back undefined. */
import { and, count, desc, eq, exists, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { idBelow, shared, type Database, type PgQueries } from '../db/database'
import type { PageQuery } from '../contract/admin/paging'
import { dmcaTakedowns, media } from '../db/schema'
import * as pg from '../db/schema.pg'
import { writeAuditRows, writeAuditRowsPg, type AuditRow } from './audit.repository'

/** One takedown row as stored. */
export type TakedownRow = typeof dmcaTakedowns.$inferSelect

/** Inserts one takedown row and returns it. */
export async function insertTakedown(db: Database, values: typeof dmcaTakedowns.$inferInsert): Promise<TakedownRow> {
  const { orm, t } = shared(db)
  return (await orm.insert(t.dmcaTakedowns).values(values).returning())[0]
}

/** A page of takedown rows, newest first: limit rows from offset, below the cursor's id. */
export async function listTakedownRows(db: Database, { limit, offset, after }: PageQuery): Promise<TakedownRow[]> {
  const { orm, t } = shared(db)
  const d = t.dmcaTakedowns
  return orm.select().from(d).where(idBelow(d.id, after)).orderBy(desc(d.id)).limit(limit).offset(offset)
}

/** Number of takedown rows. */
export async function countTakedowns(db: Database) {
  const { orm, t } = shared(db)
  return (await orm.select({ n: count() }).from(t.dmcaTakedowns))[0].n
}

/**
 * Makes a media item's visibility follow its takedowns and its near-copy decision: hidden exactly while at least one
 * resolved takedown names it or it is hidden as a near copy (hiddenAsCopyAt set). An item that stays hidden keeps its
 * hiddenAt; one that becomes hidden gets now (ISO-8601); one that neither holds any more is shown (null). Answers
 * the item's hiddenAt as written (undefined for an unknown id).
 */
const refreshMediaHidden = (db: Db, mediaId: number, now: string) =>
  db
    .update(media)
    .set({
      hiddenAt: sql`case when ${exists(
        db
          .select({ one: sql`1` })
          .from(dmcaTakedowns)
          .where(and(eq(dmcaTakedowns.mediaId, mediaId), eq(dmcaTakedowns.status, 'resolved'))),
      )} or ${media.hiddenAsCopyAt} is not null then coalesce(${media.hiddenAt}, ${now}) end`,
    })
    .where(eq(media.id, mediaId))
    .returning({ hiddenAt: media.hiddenAt })
    .get()

/** refreshMediaHidden on PostgreSQL, inside a transaction. */
const refreshMediaHiddenPg = (tx: PgQueries, mediaId: number, now: string) =>
  tx
    .update(pg.media)
    .set({
      hiddenAt: sql`case when ${exists(
        tx
          .select({ one: sql`1` })
          .from(pg.dmcaTakedowns)
          .where(and(eq(pg.dmcaTakedowns.mediaId, mediaId), eq(pg.dmcaTakedowns.status, 'resolved'))),
      )} or ${pg.media.hiddenAsCopyAt} is not null then coalesce(${pg.media.hiddenAt}, ${now}) end`,
    })
    .where(eq(pg.media.id, mediaId))
    .returning({ hiddenAt: pg.media.hiddenAt })

/**
 * In one transaction: reads takedown id, lets check(row) refuse the change by throwing (nothing is written then),
 * sets its status, notes and updatedAt, makes the named media's visibility follow its takedowns, and appends
 * audit(row). Answers the row as it was before, or undefined for an unknown id (nothing written).
 */
export async function changeTakedownStatus(
  database: Database,
  id: number,
  change: {
    values: Pick<typeof dmcaTakedowns.$inferInsert, 'status' | 'adminNotes' | 'updatedAt'>
    check: (row: TakedownRow) => void
    audit: (row: TakedownRow) => AuditRow
  },
): Promise<TakedownRow | undefined> {
  if (database.dialect === 'postgres') {
    return database.orm.transaction(async (tx) => {
      const [row] = await tx.select().from(pg.dmcaTakedowns).where(eq(pg.dmcaTakedowns.id, id)).for('update')
      if (!row) return undefined
      change.check(row)
      await tx.update(pg.dmcaTakedowns).set(change.values).where(eq(pg.dmcaTakedowns.id, id))
      if (row.mediaId !== null) await refreshMediaHiddenPg(tx, row.mediaId, change.values.updatedAt)
      await writeAuditRowsPg(tx, [change.audit(row)])
      return row
    })
  }
  const db = database.orm
  return inTransaction(db, () => {
    const row = db.select().from(dmcaTakedowns).where(eq(dmcaTakedowns.id, id)).get()
    if (!row) return undefined
    change.check(row)
    db.update(dmcaTakedowns).set(change.values).where(eq(dmcaTakedowns.id, id)).run()
    if (row.mediaId !== null) refreshMediaHidden(db, row.mediaId, change.values.updatedAt)
    writeAuditRows(db, [change.audit(row)])
    return row
  })
}

/** What showHiddenCopy did: the item was not hidden as a near copy (nothing written), or it now is hidden or shown. */
export type ShowHiddenCopyOutcome = { kind: 'not-hidden-as-copy' } | { kind: 'done'; hidden: boolean }

/**
 * In one transaction: clears media item mediaId's near-copy decision (hiddenAsCopyAt), makes its visibility follow
 * its takedowns again (still hidden while a resolved takedown names it) and appends audit. Answers undefined for an
 * unknown id and not-hidden-as-copy for an item no admin hid as a near copy (nothing written either way).
 */
export async function showHiddenCopy(
  database: Database,
  mediaId: number,
  now: string,
  audit: AuditRow,
): Promise<ShowHiddenCopyOutcome | undefined> {
  if (database.dialect === 'postgres') {
    return database.orm.transaction(async (tx) => {
      const [row] = await tx
        .select({ hiddenAsCopyAt: pg.media.hiddenAsCopyAt })
        .from(pg.media)
        .where(eq(pg.media.id, mediaId))
        .for('update')
      if (!row) return undefined
      if (row.hiddenAsCopyAt === null) return { kind: 'not-hidden-as-copy' } as const
      await tx.update(pg.media).set({ hiddenAsCopyAt: null }).where(eq(pg.media.id, mediaId))
      const [after] = await refreshMediaHiddenPg(tx, mediaId, now)
      await writeAuditRowsPg(tx, [audit])
      return { kind: 'done', hidden: after.hiddenAt !== null } as const
    })
  }
  const db = database.orm
  return inTransaction(db, () => {
    const row = db.select({ hiddenAsCopyAt: media.hiddenAsCopyAt }).from(media).where(eq(media.id, mediaId)).get()
    if (!row) return undefined
    if (row.hiddenAsCopyAt === null) return { kind: 'not-hidden-as-copy' } as const
    db.update(media).set({ hiddenAsCopyAt: null }).where(eq(media.id, mediaId)).run()
    const after = refreshMediaHidden(db, mediaId, now)
    writeAuditRows(db, [audit])
    return { kind: 'done', hidden: after?.hiddenAt != null } as const
  })
}
