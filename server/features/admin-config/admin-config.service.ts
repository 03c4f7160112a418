/**
 * The admin configuration rules (admin-back-office §7, §5): current values with their defaults, saves stamped
 * with the clock, history rows for the redirects (an empty URL turns one off), and the audit event of a
 * vote-multiplier change. Throws HttpError 404 for the zone1 ad and the skip button before their first save.
 */
import type { Deps } from '../../core/deps'
import type {
  AdZoneInput,
  BackButtonInput,
  EmailCaptureInput,
  IdleRedirectInput,
  SkipButtonInput,
  VoteMultiplierInput,
} from '../../contract/admin/config'
import type { PageQuery } from '../../contract/admin/paging'
import { DEFAULT_IDLE_REDIRECT_TIME } from '../../contract/public-config'
import { writeAuditEvent } from '../../core/audit-log'
import { mustFind } from '../../http/errors'
import { readPage } from '../../http/paging'
import {
  addBackButton,
  addIdleRedirect,
  countBackButtons,
  countIdleRedirects,
  findAdZone,
  findCurrentBackButton,
  findCurrentIdleRedirect,
  findSkipButton,
  listBackButtons,
  listIdleRedirects,
  readEmailCapture,
  readVoteMultiplier,
  saveAdZone,
  saveEmailCapture,
  saveSkipButton,
  saveVoteMultiplier,
} from '../../repositories/configuration.repository'

type ConfigDeps = Pick<Deps, 'db' | 'clock' | 'config'>

const AD_ZONE = 'zone1'
const stamp = (deps: ConfigDeps) => deps.clock.now().toISOString()

/** The vote multiplier with its last update (updatedAt null before the first save). */
export const getVoteMultiplier = (deps: ConfigDeps) => readVoteMultiplier(deps.db)

/** Saves the vote multiplier, writes VOTE_MULTIPLIER_UPDATED with before and after, and answers the saved value. */
export async function changeVoteMultiplier(deps: ConfigDeps, input: VoteMultiplierInput) {
  const before = await readVoteMultiplier(deps.db)
  await saveVoteMultiplier(deps.db, { ...input, updatedAt: stamp(deps) })
  await writeAuditEvent(deps, 'VOTE_MULTIPLIER_UPDATED', {
    by: deps.config.adminUsername,
    before: { isEnabled: before.isEnabled, multiplier: before.multiplier },
    after: input,
  })
  return readVoteMultiplier(deps.db)
}

/** The email-capture settings (the default before the first save). */
export const getEmailCapture = (deps: ConfigDeps) => readEmailCapture(deps.db)

/** Saves the email-capture settings and answers them as sent. */
export async function changeEmailCapture(deps: ConfigDeps, input: EmailCaptureInput) {
  await saveEmailCapture(deps.db, { ...input, updatedAt: stamp(deps) })
  return input
}

/** The current idle redirect, or an inactive default with createdAt null before the first save. */
export const getIdleRedirect = async (deps: ConfigDeps) =>
  (await findCurrentIdleRedirect(deps.db)) ?? {
    idleRedirectTime: DEFAULT_IDLE_REDIRECT_TIME,
    idleRedirectUrl: '',
    isActive: false,
    createdAt: null,
  }

/** Adds an idle-redirect history row, active unless the URL is empty; answers the row. */
export const changeIdleRedirect = (deps: ConfigDeps, input: IdleRedirectInput) =>
  addIdleRedirect(deps.db, { ...input, isActive: input.idleRedirectUrl !== '', createdAt: stamp(deps) })

/** A page of idle-redirect saves, newest first, their number and the next page's cursor. */
export async function idleRedirectHistory(deps: ConfigDeps, page: PageQuery) {
  const { rows, next } = await readPage(
    page,
    (p) => listIdleRedirects(deps.db, p),
    (row) => row.id,
  )
  return { items: rows, total: await countIdleRedirects(deps.db), next }
}

/** The current back-button redirect, or an inactive empty one before the first save. */
export const getBackButton = async (deps: ConfigDeps) =>
  (await findCurrentBackButton(deps.db)) ?? { backButtonUrl: '', isActive: false, createdAt: null }

/** Adds a back-button history row, active unless the URL is empty; answers the row. */
export const changeBackButton = (deps: ConfigDeps, input: BackButtonInput) =>
  addBackButton(deps.db, { ...input, isActive: input.backButtonUrl !== '', createdAt: stamp(deps) })

/** A page of back-button saves, newest first, their number and the next page's cursor. */
export async function backButtonHistory(deps: ConfigDeps, page: PageQuery) {
  const { rows, next } = await readPage(
    page,
    (p) => listBackButtons(deps.db, p),
    (row) => row.id,
  )
  return { items: rows, total: await countBackButtons(deps.db), next }
}

/** The zone1 ad; HttpError 404 before its first save. */
export const getAdZone = async (deps: ConfigDeps) => mustFind(await findAdZone(deps.db, AD_ZONE), 'Ad configuration')

/** Saves the zone1 ad and answers the row. */
export const changeAdZone = (deps: ConfigDeps, input: AdZoneInput) =>
  saveAdZone(deps.db, { zoneId: AD_ZONE, ...input, updatedAt: stamp(deps) })

/** The skip button; HttpError 404 before its first save. */
export const getSkipButton = async (deps: ConfigDeps) => mustFind(await findSkipButton(deps.db), 'Skip button configuration')

/** Saves the skip button and answers the row. */
export const changeSkipButton = (deps: ConfigDeps, input: SkipButtonInput) => saveSkipButton(deps.db, { ...input, updatedAt: stamp(deps) })
