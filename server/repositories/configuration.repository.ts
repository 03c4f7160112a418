/**
 * Queries on the admin-set configuration (admin-back-office §7; server-contract: Public configuration): the current
 * values with their public defaults, the saves and the histories of the redirects (the newest row is current). On a
 * PostgreSQL server the current values are cached per instance (server/db/config-cache.ts); the histories are not.
 */
import { count, desc } from 'drizzle-orm'
import { idBelow, shared, type Database } from '../db/database'
import type { PageQuery } from '../contract/admin/paging'
import { perDb } from '../db/prepared'
import type { MaybePromise } from '../core/maybe-promise'
import type { adZoneConfigs, backButtonConfigs, idleRedirectConfigs, skipButtonConfig } from '../db/schema'
import {
  DEFAULT_EMAIL_CAPTURE,
  DEFAULT_IDLE_REDIRECT_TIME,
  DEFAULT_SKIP_BUTTON,
  DEFAULT_VOTE_MULTIPLIER,
  type IdleRedirect,
} from '../contract/public-config'

/**
 * key's value through the server's PostgreSQL configuration cache (server/db/config-cache.ts, one entry per table),
 * or load() itself on SQLite, whose reads are in-process, and on a bare PostgreSQL pool.
 */
const cached = <T>(db: Database, key: string, load: () => Promise<T>): Promise<T> =>
  db.dialect === 'postgres' && db.configCache ? db.configCache.read(key, load) : load()

/** After a save: resolves once every instance has dropped its cached configuration (ConfigCache.settle). */
async function settleCached(db: Database) {
  if (db.dialect === 'postgres') await db.configCache?.settle()
}

// Straight from bun:sqlite: the public read is the site's most frequent call, and drizzle's row mapping costs more than the query.
const voteMultiplierRow = perDb((db) =>
  db.$client.query<{ isEnabled: number; multiplier: number; updatedAt: string }, []>(
    'select is_enabled as isEnabled, multiplier, updated_at as updatedAt from vote_multiplier_config limit 1',
  ),
)

/** A stored vote multiplier row. */
type VoteMultiplierRow = { isEnabled: number; multiplier: number; updatedAt: string }
/** The vote multiplier as read: the row's values, or the default (off at 1) never saved. */
type VoteMultiplierRead = { isEnabled: boolean; multiplier: number; updatedAt: string | null }

const toVoteMultiplier = (row: VoteMultiplierRow | undefined | null): VoteMultiplierRead =>
  row ? { ...row, isEnabled: row.isEnabled === 1 } : { ...DEFAULT_VOTE_MULTIPLIER, updatedAt: null }

/** The vote multiplier row, or the default (off at 1); at once on SQLite. */
export function readVoteMultiplier(db: Database): MaybePromise<VoteMultiplierRead> {
  if (db.dialect === 'sqlite') return toVoteMultiplier(voteMultiplierRow(db.orm).get())
  return cached(
    db,
    'voteMultiplier',
    async () =>
      (
        await db.sql<
          VoteMultiplierRow[]
        >`select is_enabled::int as "isEnabled", multiplier, updated_at as "updatedAt" from vote_multiplier_config limit 1`
      )[0],
  ).then(toVoteMultiplier)
}

/** The email-capture row, or the default (off at 5). */
export async function readEmailCapture(db: Database) {
  const { orm, t } = shared(db)
  const row = await cached(db, 'emailCapture', async () => (await orm.select().from(t.emailCaptureConfig))[0])
  return row ?? { ...DEFAULT_EMAIL_CAPTURE, updatedAt: null }
}

/** The skip-button row, or undefined before the first admin save. */
export async function findSkipButton(db: Database) {
  const { orm, t } = shared(db)
  return cached(db, 'skipButton', async () => (await orm.select().from(t.skipButtonConfig))[0])
}

/** The ad zone row, or undefined before the first admin save. */
export async function findAdZone(db: Database, zoneId: string) {
  const { orm, t } = shared(db)
  // Every zone at once (an admin saves a handful): one cache entry, whatever zone ids requests name.
  const zones = await cached(db, 'adZones', async () => new Map((await orm.select().from(t.adZoneConfigs)).map((z) => [z.zoneId, z])))
  return zones.get(zoneId)
}

/** The newest idle-redirect row (the current one), or undefined. */
export async function findCurrentIdleRedirect(db: Database) {
  const { orm, t } = shared(db)
  return cached(
    db,
    'idleRedirect',
    async () => (await orm.select().from(t.idleRedirectConfigs).orderBy(desc(t.idleRedirectConfigs.id)).limit(1))[0],
  )
}

/** The newest back-button row (the current one), or undefined. */
export async function findCurrentBackButton(db: Database) {
  const { orm, t } = shared(db)
  return cached(
    db,
    'backButton',
    async () => (await orm.select().from(t.backButtonConfigs).orderBy(desc(t.backButtonConfigs.id)).limit(1))[0],
  )
}

/** The public skip button: the saved one or the default text with no URL. */
export async function readSkipButton(db: Database) {
  const row = await findSkipButton(db)
  return row ? { buttonUrl: row.buttonUrl, buttonText: row.buttonText, isActive: row.isActive } : DEFAULT_SKIP_BUTTON
}

/** The public idle/back-button redirect config; a feature is on only when active with a URL. */
export async function readIdleRedirect(db: Database): Promise<IdleRedirect> {
  const [idle, back] = await Promise.all([findCurrentIdleRedirect(db), findCurrentBackButton(db)])
  const idleOn = !!idle && idle.isActive && idle.idleRedirectUrl !== ''
  return {
    enabled: idleOn,
    idleRedirectTime: idle?.idleRedirectTime ?? DEFAULT_IDLE_REDIRECT_TIME,
    idleRedirectUrl: idleOn ? idle.idleRedirectUrl : '',
    backButtonUrl: back?.isActive ? back.backButtonUrl : '',
  }
}

/** Replaces the single vote-multiplier row. */
export async function saveVoteMultiplier(
  db: Database,
  values: { isEnabled: boolean; multiplier: number; updatedAt: string },
): Promise<void> {
  const { orm, t } = shared(db)
  await orm
    .insert(t.voteMultiplierConfig)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: t.voteMultiplierConfig.id, set: values })
  await settleCached(db)
}

/** Replaces the single email-capture row. */
export async function saveEmailCapture(
  db: Database,
  values: { isEnabled: boolean; voteThreshold: number; updatedAt: string },
): Promise<void> {
  const { orm, t } = shared(db)
  await orm
    .insert(t.emailCaptureConfig)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: t.emailCaptureConfig.id, set: values })
  await settleCached(db)
}

/** Replaces a zone's ad code and returns the row. */
export async function saveAdZone(db: Database, values: typeof adZoneConfigs.$inferInsert) {
  const { orm, t } = shared(db)
  const [row] = await orm
    .insert(t.adZoneConfigs)
    .values(values)
    .onConflictDoUpdate({ target: t.adZoneConfigs.zoneId, set: values })
    .returning()
  await settleCached(db)
  return row
}

/** Replaces the single skip-button row and returns it. */
export async function saveSkipButton(db: Database, values: Omit<typeof skipButtonConfig.$inferInsert, 'id'>) {
  const { orm, t } = shared(db)
  const [row] = await orm
    .insert(t.skipButtonConfig)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: t.skipButtonConfig.id, set: values })
    .returning()
  await settleCached(db)
  return row
}

/** Adds an idle-redirect history row (the newest is current) and returns it. */
export async function addIdleRedirect(db: Database, values: typeof idleRedirectConfigs.$inferInsert) {
  const { orm, t } = shared(db)
  const [row] = await orm.insert(t.idleRedirectConfigs).values(values).returning()
  await settleCached(db)
  return row
}

/** Adds a back-button history row (the newest is current) and returns it. */
export async function addBackButton(db: Database, values: typeof backButtonConfigs.$inferInsert) {
  const { orm, t } = shared(db)
  const [row] = await orm.insert(t.backButtonConfigs).values(values).returning()
  await settleCached(db)
  return row
}

/** A page of idle-redirect saves, newest first: limit rows from offset, below the cursor's id. */
export async function listIdleRedirects(db: Database, { limit, offset, after }: PageQuery) {
  const { orm, t } = shared(db)
  const c = t.idleRedirectConfigs
  return orm.select().from(c).where(idBelow(c.id, after)).orderBy(desc(c.id)).limit(limit).offset(offset)
}

/** Number of idle-redirect saves. */
export async function countIdleRedirects(db: Database) {
  const { orm, t } = shared(db)
  return (await orm.select({ n: count() }).from(t.idleRedirectConfigs))[0].n
}

/** A page of back-button saves, newest first: limit rows from offset, below the cursor's id. */
export async function listBackButtons(db: Database, { limit, offset, after }: PageQuery) {
  const { orm, t } = shared(db)
  const c = t.backButtonConfigs
  return orm.select().from(c).where(idBelow(c.id, after)).orderBy(desc(c.id)).limit(limit).offset(offset)
}

/** Number of back-button saves. */
export async function countBackButtons(db: Database) {
  const { orm, t } = shared(db)
  return (await orm.select({ n: count() }).from(t.backButtonConfigs))[0].n
}
