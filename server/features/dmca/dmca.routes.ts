/** Route POST /api/dmca-takedown (public-visitor §7; server-contract: Public configuration). */
import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { DmcaCreatedSchema, DmcaInputSchema } from '../../contract/dmca'
import { fileTakedown } from './dmca.service'

/** The takedown route: 201 with the reference number; 400 with the form's messages. No login needed. */
export const dmcaRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/dmca-takedown', tags: ['dmca'] }).post(
    '',
    async ({ body, set }) => {
      set.status = 201
      return fileTakedown(deps, body)
    },
    { body: DmcaInputSchema, response: { 201: DmcaCreatedSchema }, detail: { summary: 'File a copyright takedown request (public-visitor §2 DMCA screen)' } },
  )
