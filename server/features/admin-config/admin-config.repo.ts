/** Writes and histories of the admin configuration (admin-back-office §7); the current values are read by server/site-config/site-config.repo. */
import { count, desc } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { adZoneConfigs, backButtonConfigs, emailCaptureConfig, idleRedirectConfigs, skipButtonConfig, voteMultiplierConfig } from '../../db/schema'

/** Replaces the single vote-multiplier row. */
export const saveVoteMultiplier = (db: Db, values: { isEnabled: boolean; multiplier: number; updatedAt: string }) =>
  db.insert(voteMultiplierConfig).values({ id: 1, ...values }).onConflictDoUpdate({ target: voteMultiplierConfig.id, set: values }).run()

/** Replaces the single email-capture row. */
export const saveEmailCapture = (db: Db, values: { isEnabled: boolean; voteThreshold: number; updatedAt: string }) =>
  db.insert(emailCaptureConfig).values({ id: 1, ...values }).onConflictDoUpdate({ target: emailCaptureConfig.id, set: values }).run()

/** Replaces a zone's ad code. */
export const saveAdZone = (db: Db, values: typeof adZoneConfigs.$inferInsert) =>
  db.insert(adZoneConfigs).values(values).onConflictDoUpdate({ target: adZoneConfigs.zoneId, set: values }).returning().get()

/** Replaces the single skip-button row. */
export const saveSkipButton = (db: Db, values: Omit<typeof skipButtonConfig.$inferInsert, 'id'>) =>
  db.insert(skipButtonConfig).values({ id: 1, ...values }).onConflictDoUpdate({ target: skipButtonConfig.id, set: values }).returning().get()

/** Adds an idle-redirect history row (the newest is current). */
export const addIdleRedirect = (db: Db, values: typeof idleRedirectConfigs.$inferInsert) => db.insert(idleRedirectConfigs).values(values).returning().get()

/** Adds a back-button history row (the newest is current). */
export const addBackButton = (db: Db, values: typeof backButtonConfigs.$inferInsert) => db.insert(backButtonConfigs).values(values).returning().get()

/** A page of idle-redirect saves, newest first: limit rows from offset. */
export const listIdleRedirects = (db: Db, limit: number, offset: number) => db.select().from(idleRedirectConfigs).orderBy(desc(idleRedirectConfigs.id)).limit(limit).offset(offset).all()

/** Number of idle-redirect saves. */
export const countIdleRedirects = (db: Db) => db.select({ n: count() }).from(idleRedirectConfigs).get()!.n

/** A page of back-button saves, newest first: limit rows from offset. */
export const listBackButtons = (db: Db, limit: number, offset: number) => db.select().from(backButtonConfigs).orderBy(desc(backButtonConfigs.id)).limit(limit).offset(offset).all()

/** Number of back-button saves. */
export const countBackButtons = (db: Db) => db.select({ n: count() }).from(backButtonConfigs).get()!.n
