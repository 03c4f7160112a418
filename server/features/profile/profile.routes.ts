/** Routes PATCH /api/users/:id and GET /api/users/check-username/:username (public-visitor §7). */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { IdParamsSchema } from '../../contract/common'
import { SessionUserSchema } from '../../contract/session'
import { ProfileUpdateSchema, USERNAME_MAX, UsernameAvailabilitySchema } from '../../contract/users'
import { routes } from '../../contract/paths'
import { requireOwnUser, toSessionUser, visitorSession } from '../../http/session-user'
import { isUsernameAvailable, updateProfile } from './profile.service'

const UsernameParamsSchema = v.object({ username: v.pipe(v.string(), v.maxLength(USERNAME_MAX * 3, 'Username is too long')) })

/**
 * The profile routes; PATCH answers 401/403 for a session that is not the user's, 409 for a taken username; any
 * well-formed email is stored unverified, with the same answer whether or not another account verified it.
 */
export const profileRoutes = (deps: Deps) =>
  new Elysia({ tags: ['users'] })
    .use(visitorSession(deps))
    .patch(
      routes.user,
      async ({ params, body, visitorUser, sid }) => {
        requireOwnUser(visitorUser, params.id)
        return toSessionUser(await updateProfile(deps, visitorUser, body), sid)
      },
      {
        visitorUser: true,
        params: IdParamsSchema,
        body: ProfileUpdateSchema,
        response: { 200: SessionUserSchema },
        detail: { summary: 'Change username and/or email; only changed fields are sent' },
      },
    )
    .get(
      routes.checkUsername,
      async ({ params, visitorUser }) => ({ available: await isUsernameAvailable(deps, params.username, visitorUser?.id) }),
      {
        optionalVisitor: true,
        params: UsernameParamsSchema,
        response: { 200: UsernameAvailabilitySchema },
        detail: { summary: 'Whether a username is free (ignoring case); your own counts as free' },
      },
    )
