/** Public configuration reads (public-visitor §7, server-contract: Public configuration), with defaults before any admin save. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import {
  AdZoneSchema,
  DEFAULT_SITE_SETTINGS,
  EmailCaptureConfigSchema,
  IdleRedirectSchema,
  SiteSettingsSchema,
  SkipButtonSchema,
  VoteMultiplierSchema,
} from '../../contract/public-config'
import { routes } from '../../contract/paths'
import { adFrameResponse } from './ad-frame'
import { fileAnswer } from '../../http/openapi-responses'
import {
  activeAdCode,
  publicAdZone,
  publicEmailCapture,
  publicIdleRedirect,
  publicSkipButton,
  publicVoteMultiplier,
} from './public-config.service'

const ZoneParamsSchema = v.object({ zoneId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'zoneId must be a zone name')) })

/** The public config routes under /api. */
export const publicConfigRoutes = (deps: Deps) =>
  new Elysia({ tags: ['public config'] })
    .get(
      routes.siteSettings,
      ({ headers }) => ({
        ...(deps.config.siteBrands[(headers.host ?? '').split(':')[0].toLowerCase()] ?? DEFAULT_SITE_SETTINGS),
        analyticsId: deps.config.analyticsId ?? null,
        mediaBaseUrl: deps.config.mediaEdge?.publicBase ?? null,
      }),
      {
        response: { 200: SiteSettingsSchema },
        detail: {
          summary:
            'Branding for the request Host (SITE_BRANDS), else the default, the analytics id and the public media base (MEDIA_PUBLIC_URL)',
        },
      },
    )
    .get(routes.voteMultiplierConfig, () => publicVoteMultiplier(deps), {
      response: { 200: VoteMultiplierSchema },
      detail: { summary: 'Vote multiplier for displayed totals (public-visitor §9)' },
    })
    .get(routes.emailCaptureConfig, () => publicEmailCapture(deps), {
      response: { 200: EmailCaptureConfigSchema },
      detail: { summary: 'Email-capture prompt settings' },
    })
    .get(routes.skipButtonConfig, () => publicSkipButton(deps), {
      response: { 200: SkipButtonSchema },
      detail: { summary: 'Skip button text and URL' },
    })
    .get(routes.adConfig, ({ params }) => publicAdZone(deps, params.zoneId), {
      params: ZoneParamsSchema,
      response: { 200: AdZoneSchema },
      detail: { summary: 'Ad code of a zone; inactive and empty before it is configured' },
    })
    .get(routes.adFrame, async ({ params }) => adFrameResponse(await activeAdCode(deps, params.zoneId)), {
      params: ZoneParamsSchema,
      detail: {
        summary: "The ad code of an active zone as a sandboxed HTML page, for the rate screen's ad iframe; 404 otherwise",
        responses: fileAnswer('text/html', 'The ad page'),
      },
    })
    .get(routes.idleRedirectConfig, () => publicIdleRedirect(deps), {
      response: { 200: IdleRedirectSchema },
      detail: { summary: 'Idle and back-button redirect settings' },
    })
