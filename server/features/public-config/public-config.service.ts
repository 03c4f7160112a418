/**
 * The public view of the admin-set configuration (public-visitor §7, server-contract: Public configuration):
 * the fields a visitor may see, with the defaults before any admin save. Throws HttpError 404 for the ad frame
 * of a zone that is not active.
 */
import type { Deps } from '../../core/deps'
import type { AdZone, EmailCaptureConfig, IdleRedirect, SkipButton, VoteMultiplier } from '../../contract/public-config'
import { HttpError } from '../../http/errors'
import { andThen, type MaybePromise } from '../../core/maybe-promise'
import {
  findAdZone,
  readEmailCapture,
  readIdleRedirect,
  readSkipButton,
  readVoteMultiplier,
} from '../../repositories/configuration.repository'

/** The answer for a zone no admin has saved: no code, not shown. */
const NO_AD = { adCode: '', isActive: false }

/** Whether the vote multiplier is on, and its factor; at once on SQLite. */
export const publicVoteMultiplier = (deps: Pick<Deps, 'db'>): MaybePromise<VoteMultiplier> =>
  andThen(readVoteMultiplier(deps.db), (c) => ({ isEnabled: c.isEnabled, multiplier: c.multiplier }))

/** Whether the email-capture prompt is on, and after how many votes. */
export async function publicEmailCapture(deps: Pick<Deps, 'db'>): Promise<EmailCaptureConfig> {
  const c = await readEmailCapture(deps.db)
  return { isEnabled: c.isEnabled, voteThreshold: c.voteThreshold }
}

/** The skip button's text and URL (the default text with no URL before the first save). */
export const publicSkipButton = (deps: Pick<Deps, 'db'>): Promise<SkipButton> => readSkipButton(deps.db)

/** The idle and back-button redirects a visitor follows. */
export const publicIdleRedirect = (deps: Pick<Deps, 'db'>): Promise<IdleRedirect> => readIdleRedirect(deps.db)

/** A zone's ad code; an unconfigured zone is an inactive empty ad, not a 404 the browser logs on every load. */
export async function publicAdZone(deps: Pick<Deps, 'db'>, zoneId: string): Promise<AdZone> {
  const zone = (await findAdZone(deps.db, zoneId)) ?? NO_AD
  return { adCode: zone.adCode, isActive: zone.isActive }
}

/** The ad code of an active zone, for its sandboxed frame; HttpError 404 when the zone is unknown or inactive. */
export async function activeAdCode(deps: Pick<Deps, 'db'>, zoneId: string): Promise<string> {
  const zone = await findAdZone(deps.db, zoneId)
  if (!zone?.isActive) throw new HttpError(404, 'Ad zone not found')
  return zone.adCode
}
