/**
 * Queries on the admin-set configuration (admin-back-office §7; server-contract: Public configuration): the current
 * values with their public defaults, the saves and the histories of the redirects (the newest row is current).
 */
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/open'
import { perDb } from '../db/prepared'
import { adZoneConfigs, backButtonConfigs, emailCaptureConfig, idleRedirectConfigs, skipButtonConfig, voteMultiplierConfig } from '../db/schema'
import { DEFAULT_EMAIL_CAPTURE, DEFAULT_IDLE_REDIRECT_TIME, DEFAULT_SKIP_BUTTON, DEFAULT_VOTE_MULTIPLIER, type IdleRedirect } from '../contract/public-config'

// Straight from bun:sqlite: the public read is the site's most frequent call, and drizzle's row mapping costs more than the query.
const voteMultiplierRow = perDb((db) =>
  db.$client.query<{ isEnabled: number; multiplier: number; updatedAt: string }, []>('select is_enabled as isEnabled, multiplier, updated_at as updatedAt from vote_multiplier_config limit 1'),
)

/** The vote multiplier row, or the default (off at 1). */
export async function readVoteMultiplier(db: Db) {
  const row = voteMultiplierRow(db).get()
  return row ? { ...row, isEnabled: row.isEnabled === 1 } : { ...DEFAULT_VOTE_MULTIPLIER, updatedAt: null }
}

/** The email-capture row, or the default (off at 5). */
export const readEmailCapture = async (db: Db) => db.select().from(emailCaptureConfig).get() ?? { ...DEFAULT_EMAIL_CAPTURE, updatedAt: null }

/** The skip-button row, or undefined before the first admin save. */
export const findSkipButton = async (db: Db) => db.select().from(skipButtonConfig).get()

/** The ad zone row, or undefined before the first admin save. */
export const findAdZone = async (db: Db, zoneId: string) => db.select().from(adZoneConfigs).where(eq(adZoneConfigs.zoneId, zoneId)).get()

const currentIdleRedirect = (db: Db) => db.select().from(idleRedirectConfigs).orderBy(desc(idleRedirectConfigs.id)).limit(1).get()
const currentBackButton = (db: Db) => db.select().from(backButtonConfigs).orderBy(desc(backButtonConfigs.id)).limit(1).get()

/** The newest idle-redirect row (the current one), or undefined. */
export const findCurrentIdleRedirect = async (db: Db) => currentIdleRedirect(db)

/** The newest back-button row (the current one), or undefined. */
export const findCurrentBackButton = async (db: Db) => currentBackButton(db)

/** The public skip button: the saved one or the default text with no URL. */
export async function readSkipButton(db: Db) {
  const row = db.select().from(skipButtonConfig).get()
  return row ? { buttonUrl: row.buttonUrl, buttonText: row.buttonText, isActive: row.isActive } : DEFAULT_SKIP_BUTTON
}

/** The public idle/back-button redirect config; a feature is on only when active with a URL. */
export async function readIdleRedirect(db: Db): Promise<IdleRedirect> {
  const idle = currentIdleRedirect(db)
  const back = currentBackButton(db)
  const idleOn = !!idle && idle.isActive && idle.idleRedirectUrl !== ''
  return {
    enabled: idleOn,
    idleRedirectTime: idle?.idleRedirectTime ?? DEFAULT_IDLE_REDIRECT_TIME,
    idleRedirectUrl: idleOn ? idle.idleRedirectUrl : '',
    backButtonUrl: back && back.isActive ? back.backButtonUrl : '',
  }
}

/** Replaces the single vote-multiplier row. */
export const saveVoteMultiplier = async (db: Db, values: { isEnabled: boolean; multiplier: number; updatedAt: string }) =>
  void db.insert(voteMultiplierConfig).values({ id: 1, ...values }).onConflictDoUpdate({ target: voteMultiplierConfig.id, set: values }).run()

/** Replaces the single email-capture row. */
export const saveEmailCapture = async (db: Db, values: { isEnabled: boolean; voteThreshold: number; updatedAt: string }) =>
  void db.insert(emailCaptureConfig).values({ id: 1, ...values }).onConflictDoUpdate({ target: emailCaptureConfig.id, set: values }).run()

/** Replaces a zone's ad code and returns the row. */
export const saveAdZone = async (db: Db, values: typeof adZoneConfigs.$inferInsert) =>
  db.insert(adZoneConfigs).values(values).onConflictDoUpdate({ target: adZoneConfigs.zoneId, set: values }).returning().get()

/** Replaces the single skip-button row and returns it. */
export const saveSkipButton = async (db: Db, values: Omit<typeof skipButtonConfig.$inferInsert, 'id'>) =>
  db.insert(skipButtonConfig).values({ id: 1, ...values }).onConflictDoUpdate({ target: skipButtonConfig.id, set: values }).returning().get()

/** Adds an idle-redirect history row (the newest is current) and returns it. */
export const addIdleRedirect = async (db: Db, values: typeof idleRedirectConfigs.$inferInsert) => db.insert(idleRedirectConfigs).values(values).returning().get()

/** Adds a back-button history row (the newest is current) and returns it. */
export const addBackButton = async (db: Db, values: typeof backButtonConfigs.$inferInsert) => db.insert(backButtonConfigs).values(values).returning().get()

/** A page of idle-redirect saves, newest first: limit rows from offset. */
export const listIdleRedirects = async (db: Db, limit: number, offset: number) => db.select().from(idleRedirectConfigs).orderBy(desc(idleRedirectConfigs.id)).limit(limit).offset(offset).all()

/** Number of idle-redirect saves. */
export const countIdleRedirects = async (db: Db) => db.select({ n: count() }).from(idleRedirectConfigs).get()!.n

/** A page of back-button saves, newest first: limit rows from offset. */
export const listBackButtons = async (db: Db, limit: number, offset: number) => db.select().from(backButtonConfigs).orderBy(desc(backButtonConfigs.id)).limit(limit).offset(offset).all()

/** Number of back-button saves. */
export const countBackButtons = async (db: Db) => db.select({ n: count() }).from(backButtonConfigs).get()!.n
