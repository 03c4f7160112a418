/**
 * Reads of the admin-set configuration with the public defaults (server-contract: Public configuration).
 * The admin-config feature writes these tables; these readers, used by it and by public-config, are the one place
 * their current value is decided (issue #14: no feature imports another).
 */
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/open'
import { perDb } from '../db/prepared'
import { adZoneConfigs, backButtonConfigs, emailCaptureConfig, idleRedirectConfigs, skipButtonConfig, voteMultiplierConfig } from '../db/schema'
import { DEFAULT_EMAIL_CAPTURE, DEFAULT_IDLE_REDIRECT_TIME, DEFAULT_SKIP_BUTTON, DEFAULT_VOTE_MULTIPLIER, type IdleRedirect } from '../contract/public-config'

/** The vote multiplier row, or the default (off at 1). */
// Straight from bun:sqlite: the public read is the site's most frequent call, and drizzle's row mapping costs more than the query.
const voteMultiplierRow = perDb((db) =>
  db.$client.query<{ isEnabled: number; multiplier: number; updatedAt: string }, []>('select is_enabled as isEnabled, multiplier, updated_at as updatedAt from vote_multiplier_config limit 1'),
)
export function readVoteMultiplier(db: Db) {
  const row = voteMultiplierRow(db).get()
  return row ? { ...row, isEnabled: row.isEnabled === 1 } : { ...DEFAULT_VOTE_MULTIPLIER, updatedAt: null }
}

/** The email-capture row, or the default (off at 5). */
export const readEmailCapture = (db: Db) => db.select().from(emailCaptureConfig).get() ?? { ...DEFAULT_EMAIL_CAPTURE, updatedAt: null }

/** The skip-button row, or undefined before the first admin save. */
export const findSkipButton = (db: Db) => db.select().from(skipButtonConfig).get()

/** The ad zone row, or undefined before the first admin save. */
export const findAdZone = (db: Db, zoneId: string) => db.select().from(adZoneConfigs).where(eq(adZoneConfigs.zoneId, zoneId)).get()

/** The newest idle-redirect row (the current one), or undefined. */
export const findCurrentIdleRedirect = (db: Db) => db.select().from(idleRedirectConfigs).orderBy(desc(idleRedirectConfigs.id)).limit(1).get()

/** The newest back-button row (the current one), or undefined. */
export const findCurrentBackButton = (db: Db) => db.select().from(backButtonConfigs).orderBy(desc(backButtonConfigs.id)).limit(1).get()

/** The public skip button: the saved one or the default text with no URL. */
export function readSkipButton(db: Db) {
  const row = findSkipButton(db)
  return row ? { buttonUrl: row.buttonUrl, buttonText: row.buttonText, isActive: row.isActive } : DEFAULT_SKIP_BUTTON
}

/** The public idle/back-button redirect config; a feature is on only when active with a URL. */
export function readIdleRedirect(db: Db): IdleRedirect {
  const idle = findCurrentIdleRedirect(db)
  const back = findCurrentBackButton(db)
  const idleOn = !!idle && idle.isActive && idle.idleRedirectUrl !== ''
  return {
    enabled: idleOn,
    idleRedirectTime: idle?.idleRedirectTime ?? DEFAULT_IDLE_REDIRECT_TIME,
    idleRedirectUrl: idleOn ? idle.idleRedirectUrl : '',
    backButtonUrl: back && back.isActive ? back.backButtonUrl : '',
  }
}
