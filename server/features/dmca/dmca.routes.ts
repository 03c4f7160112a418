/** Route POST /api/dmca-takedown (public-visitor §7; server-contract: Public configuration). */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { DmcaCreatedSchema, DmcaInputSchema } from '../../contract/dmca'
import { ErrorSchema } from '../../contract/common'
import { routes } from '../../contract/paths'
import { HttpError } from '../../http/errors'
import { addressKey, clientAddress } from '../../http/client-address'
import { createRateLimiter, HOUR_MS } from '../../http/rate-limit'
import { fileTakedown } from './dmca.service'

export const TOO_MANY_FILINGS = 'Too many takedown requests from this address. Please try again later.'

/**
 * The takedown route: 201 with the reference number; 400 with the form's messages; 429 past
 * config.dmcaRateLimitPerHour valid filings per client address within an hour. No login needed.
 */
export function dmcaRoutes(deps: Deps) {
  const perAddress = createRateLimiter(deps, 'dmca-address', { limit: deps.config.dmcaRateLimitPerHour, windowMs: HOUR_MS })
  return new Elysia({ tags: ['dmca'] }).post(
    routes.dmcaTakedown,
    async ({ body, set, server, request }) => {
      if (!(await perAddress.hit(addressKey(clientAddress(server, request, deps.config.trustedProxy)))))
        throw new HttpError(429, TOO_MANY_FILINGS)
      set.status = 201
      return fileTakedown(deps, body)
    },
    {
      body: DmcaInputSchema,
      response: { 201: DmcaCreatedSchema, 429: ErrorSchema },
      detail: { summary: 'File a copyright takedown request (public-visitor §2 DMCA screen); 429 past the hourly limit per address' },
    },
  )
}
