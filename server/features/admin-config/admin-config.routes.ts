/**
 * Admin configuration calls (admin-back-office §7, §5 rules; server-contract: Admin API): vote multiplier, email
 * capture, idle and back-button redirects with history, zone1 and the skip button (404 before the first save).
 * Mounted behind adminGuard; the rules and the audit write live in admin-config.service.
 */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import {
  AdZoneConfigSchema,
  AdZoneInputSchema,
  BackButtonConfigSchema,
  BackButtonInputSchema,
  EmailCaptureInputSchema,
  EmailCaptureSettingsSchema,
  IdleRedirectConfigSchema,
  IdleRedirectInputSchema,
  SkipButtonConfigSchema,
  SkipButtonInputSchema,
  VoteMultiplierConfigSchema,
  VoteMultiplierInputSchema,
} from '../../contract/admin/config'
import { EmailCaptureConfigSchema } from '../../contract/public-config'
import { PageQuerySchema } from '../../contract/admin/paging'
import { routes } from '../../contract/paths'
import { answerPage } from '../../http/paging'
import * as config from './admin-config.service'

const detail = (summary: string) => ({ summary, tags: ['admin config'] })

/** The admin config routes under /api/admin. */
export const adminConfigRoutes = (deps: Deps) =>
  new Elysia()
    .get(routes.adminVoteMultiplierConfig, () => config.getVoteMultiplier(deps), {
      response: { 200: VoteMultiplierConfigSchema },
      detail: detail('Vote multiplier with its last update'),
    })
    .post(routes.adminVoteMultiplierConfig, ({ body }) => config.changeVoteMultiplier(deps, body), {
      body: VoteMultiplierInputSchema,
      response: { 200: VoteMultiplierConfigSchema },
      detail: detail('Save the vote multiplier (audited)'),
    })
    .get(routes.adminEmailCaptureConfig, () => config.getEmailCapture(deps), {
      response: { 200: EmailCaptureSettingsSchema },
      detail: detail('Email-capture settings'),
    })
    .post(routes.adminEmailCaptureConfig, ({ body }) => config.changeEmailCapture(deps, body), {
      body: EmailCaptureInputSchema,
      response: { 200: EmailCaptureConfigSchema },
      detail: detail('Save the email-capture settings'),
    })
    .get(routes.adminIdleRedirectConfig, () => config.getIdleRedirect(deps), {
      response: { 200: IdleRedirectConfigSchema },
      detail: detail('Current idle redirect'),
    })
    .post(routes.adminIdleRedirectConfig, ({ body }) => config.changeIdleRedirect(deps, body), {
      body: IdleRedirectInputSchema,
      response: { 200: IdleRedirectConfigSchema },
      detail: detail('Save an idle redirect (adds a history row; an empty URL turns it off)'),
    })
    .get(routes.adminIdleRedirectHistory, async ({ query, set }) => answerPage(set, await config.idleRedirectHistory(deps, query)), {
      query: PageQuerySchema,
      response: { 200: v.array(IdleRedirectConfigSchema) },
      detail: detail('A page of idle-redirect saves, newest first, with X-Total-Count and X-Next-Cursor'),
    })
    .get(routes.adminBackButtonConfig, () => config.getBackButton(deps), {
      response: { 200: BackButtonConfigSchema },
      detail: detail('Current back-button redirect'),
    })
    .post(routes.adminBackButtonConfig, ({ body }) => config.changeBackButton(deps, body), {
      body: BackButtonInputSchema,
      response: { 200: BackButtonConfigSchema },
      detail: detail('Save a back-button redirect (adds a history row; an empty URL turns it off)'),
    })
    .get(routes.adminBackButtonHistory, async ({ query, set }) => answerPage(set, await config.backButtonHistory(deps, query)), {
      query: PageQuerySchema,
      response: { 200: v.array(BackButtonConfigSchema) },
      detail: detail('A page of back-button saves, newest first, with X-Total-Count and X-Next-Cursor'),
    })
    .get(routes.adminZone1Config, () => config.getAdZone(deps), {
      response: { 200: AdZoneConfigSchema },
      detail: detail('Zone 1 ad (404 before the first save)'),
    })
    .post(routes.adminZone1Config, ({ body }) => config.changeAdZone(deps, body), {
      body: AdZoneInputSchema,
      response: { 200: AdZoneConfigSchema },
      detail: detail('Save the zone 1 ad'),
    })
    .get(routes.adminSkipButtonConfig, () => config.getSkipButton(deps), {
      response: { 200: SkipButtonConfigSchema },
      detail: detail('Skip button (404 before the first save)'),
    })
    .post(routes.adminSkipButtonConfig, ({ body }) => config.changeSkipButton(deps, body), {
      body: SkipButtonInputSchema,
      response: { 200: SkipButtonConfigSchema },
      detail: detail('Save the skip button'),
    })
