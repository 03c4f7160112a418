/** Route POST /api/votes (public-visitor §7, server-contract: Media and votes). */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { VoteAnswerSchema, VoteInputSchema } from '../../contract/votes'
import { routes } from '../../contract/paths'
import { requireOwnUser, visitorSession } from '../../http/session-user'
import { castVote } from './votes.service'

/** The /api/votes routes: 201 for a new vote, 200 with the first vote for a repeat. */
export const votesRoutes = (deps: Deps) =>
  new Elysia({ tags: ['votes'] }).use(visitorSession(deps)).post(
    routes.votes,
    async ({ body, visitor, set }) => {
      requireOwnUser(visitor, body.userId)
      const result = await castVote(deps, body)
      set.status = result.created ? 201 : 200
      return result.answer
    },
    {
      visitor: true,
      body: VoteInputSchema,
      response: { 200: VoteAnswerSchema, 201: VoteAnswerSchema },
      detail: { summary: 'Cast one Hot/Not vote (public-visitor §7)' },
    },
  )
