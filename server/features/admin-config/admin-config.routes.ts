/**
 * Admin configuration calls (admin-back-office §7, §5 rules; server-contract: Admin API): vote multiplier, email
 * capture, idle and back-button redirects with history, zone1 and the skip button (404 before the first save).
 * Mounted behind adminGuard.
 */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { AdZoneConfigSchema, AdZoneInputSchema, BackButtonConfigSchema, BackButtonInputSchema, EmailCaptureInputSchema, EmailCaptureSettingsSchema, IdleRedirectConfigSchema, IdleRedirectInputSchema, SkipButtonConfigSchema, SkipButtonInputSchema, VoteMultiplierConfigSchema, VoteMultiplierInputSchema } from '../../contract/admin/config'
import { EmailCaptureConfigSchema, DEFAULT_IDLE_REDIRECT_TIME } from '../../contract/public-config'
import { writeAuditEvent } from '../../audit/audit-log'
import { mustFind } from '../../http/errors'
import { findAdZone, findCurrentBackButton, findCurrentIdleRedirect, findSkipButton, readEmailCapture, readVoteMultiplier } from '../public-config/public-config.repo'
import { addBackButton, addIdleRedirect, listBackButtons, listIdleRedirects, saveAdZone, saveEmailCapture, saveSkipButton, saveVoteMultiplier } from './admin-config.repo'

const detail = (summary: string) => ({ summary, tags: ['admin config'] })
const noIdleYet = { idleRedirectTime: DEFAULT_IDLE_REDIRECT_TIME, idleRedirectUrl: '', isActive: false, createdAt: null }

/** The admin config routes under /api/admin. */
export const adminConfigRoutes = (deps: Deps) => {
  const now = () => deps.clock.now().toISOString()
  return new Elysia({ prefix: '/api/admin' })
    .get('/vote-multiplier-config', () => readVoteMultiplier(deps.db), { response: { 200: VoteMultiplierConfigSchema }, detail: detail('Vote multiplier with its last update') })
    .post(
      '/vote-multiplier-config',
      ({ body }) => {
        const before = readVoteMultiplier(deps.db)
        saveVoteMultiplier(deps.db, { ...body, updatedAt: now() })
        writeAuditEvent(deps, 'VOTE_MULTIPLIER_UPDATED', { by: deps.config.adminUsername, before: { isEnabled: before.isEnabled, multiplier: before.multiplier }, after: body })
        return readVoteMultiplier(deps.db)
      },
      { body: VoteMultiplierInputSchema, response: { 200: VoteMultiplierConfigSchema }, detail: detail('Save the vote multiplier (audited)') },
    )
    .get('/email-capture-config', () => readEmailCapture(deps.db), { response: { 200: EmailCaptureSettingsSchema }, detail: detail('Email-capture settings') })
    .post(
      '/email-capture-config',
      ({ body }) => {
        saveEmailCapture(deps.db, { ...body, updatedAt: now() })
        return body
      },
      { body: EmailCaptureInputSchema, response: { 200: EmailCaptureConfigSchema }, detail: detail('Save the email-capture settings') },
    )
    .get('/idle-redirect-config', () => findCurrentIdleRedirect(deps.db) ?? noIdleYet, { response: { 200: IdleRedirectConfigSchema }, detail: detail('Current idle redirect') })
    .post('/idle-redirect-config', ({ body }) => addIdleRedirect(deps.db, { ...body, isActive: body.idleRedirectUrl !== '', createdAt: now() }), {
      body: IdleRedirectInputSchema,
      response: { 200: IdleRedirectConfigSchema },
      detail: detail('Save an idle redirect (adds a history row; an empty URL turns it off)'),
    })
    .get('/idle-redirect-history', () => listIdleRedirects(deps.db), { response: { 200: v.array(IdleRedirectConfigSchema) }, detail: detail('Every idle-redirect save, newest first') })
    .get('/back-button-config', () => findCurrentBackButton(deps.db) ?? { backButtonUrl: '', isActive: false, createdAt: null }, { response: { 200: BackButtonConfigSchema }, detail: detail('Current back-button redirect') })
    .post('/back-button-config', ({ body }) => addBackButton(deps.db, { ...body, isActive: body.backButtonUrl !== '', createdAt: now() }), {
      body: BackButtonInputSchema,
      response: { 200: BackButtonConfigSchema },
      detail: detail('Save a back-button redirect (adds a history row; an empty URL turns it off)'),
    })
    .get('/back-button-history', () => listBackButtons(deps.db), { response: { 200: v.array(BackButtonConfigSchema) }, detail: detail('Every back-button save, newest first') })
    .get('/ad-config/zone1', () => mustFind(findAdZone(deps.db, 'zone1'), 'Ad configuration'), { response: { 200: AdZoneConfigSchema }, detail: detail('Zone 1 ad (404 before the first save)') })
    .post('/ad-config/zone1', ({ body }) => saveAdZone(deps.db, { zoneId: 'zone1', ...body, updatedAt: now() }), { body: AdZoneInputSchema, response: { 200: AdZoneConfigSchema }, detail: detail('Save the zone 1 ad') })
    .get('/ad-config/skip-button', () => mustFind(findSkipButton(deps.db), 'Skip button configuration'), { response: { 200: SkipButtonConfigSchema }, detail: detail('Skip button (404 before the first save)') })
    .post('/ad-config/skip-button', ({ body }) => saveSkipButton(deps.db, { ...body, updatedAt: now() }), { body: SkipButtonInputSchema, response: { 200: SkipButtonConfigSchema }, detail: detail('Save the skip button') })
}
