/**
 * Every number the API takes (ids in JSON bodies, path segments, query strings and form fields; limits, offsets,
 * thresholds, multipliers, coordinates) is checked against the range its database column holds, on either dialect:
 * a value out of range (beyond PostgreSQL's `integer`, 1e23, negative, zero, fractional, not a number, hundreds of
 * digits) is a 400 JSON error naming the field, never a 500; the largest id, 2147483647, passes the check and meets
 * the database like any unknown id. Run with TEST_DIALECT=postgres for PostgreSQL (tests/support/test-app.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { MAX_ID } from '@contract/common'
import { paths } from '@contract/paths'
import { ADMIN_BASIC, call, makeTestApp, makeVisitor, newSessionId } from '../../support/test-app'
import { makeMedia, takedownInput, uploadForm } from '../../support/builders'

/** One out-of-range value: as JSON text (sent in a body) and as text (a path segment, query value or form field). */
type Bad = { name: string; json: string; text: string }
const BAD: Bad[] = [
  { name: '1e23', json: '1e23', text: '1e23' },
  { name: 'MAX_ID + 1', json: String(MAX_ID + 1), text: String(MAX_ID + 1) },
  { name: '2^53 + 1', json: '9007199254740993', text: '9007199254740993' },
  { name: '-1', json: '-1', text: '-1' },
  { name: '0', json: '0', text: '0' },
  { name: '1.5', json: '1.5', text: '1.5' },
  { name: '"12abc"', json: '"12abc"', text: '12abc' },
  { name: '400 digits', json: `1${'0'.repeat(400)}`, text: '9'.repeat(400) },
  { name: 'a string of 400 digits', json: JSON.stringify('9'.repeat(400)), text: '0'.repeat(400) },
]

/** What a test sees of an answer. */
type Answer = Awaited<ReturnType<typeof call>>

/**
 * One numeric input: the field it names (the 400's error must name it), how to send a value in it (JSON text or
 * text, per where it sits), the BAD values that are in its range (sent too, answered without a 5xx), and what the
 * largest id answers there when the input is an id.
 */
type Input = { label: string; field: RegExp; send(v: Bad): Promise<Answer>; inRange?: string[]; maxId?: number }

describe('numeric inputs are checked against their column range', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)
  let visitor = { cookie: '', user: { id: 0 } }
  let mediaId = 0
  let takedownId = 0
  beforeAll(async () => {
    const owner = await makeVisitor(t.app)
    visitor = await makeVisitor(t.app)
    mediaId = (await makeMedia(t.app, owner, 'yellow-daisy.webp')).json.media.id
    const takedown = await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(mediaId))
    expect(takedown.status).toBe(201)
    takedownId = takedown.json.id
  })

  /** A JSON body sent as text, so values JSON.stringify cannot write (1e23 as written, 400 digits) reach the server. */
  const json = (method: string, path: string, text: string, headers: Record<string, string> = {}) =>
    call(t.app, method, path, undefined, { cookie: visitor.cookie, headers: { 'content-type': 'application/json', ...headers }, raw: text })
  const get = (method: string, path: string, headers: Record<string, string> = {}) =>
    call(t.app, method, path, undefined, { cookie: visitor.cookie, headers })
  const jsonFields = (fields: Record<string, unknown>, name: string, v: Bad) =>
    `${JSON.stringify(fields).slice(0, -1)}${Object.keys(fields).length ? ',' : ''}${JSON.stringify(name)}:${v.json}}`
  const adminLists = [
    paths.adminMedia(),
    paths.adminUsers(),
    paths.adminDmcaTakedowns(),
    paths.adminAuditLogs(),
    paths.adminRedirectHistory('idle-redirect'),
    paths.adminRedirectHistory('back-button'),
    paths.adminBucketFiles(),
  ]

  const inputs: Input[] = [
    {
      label: 'POST /api/votes userId',
      field: /^userId /,
      send: (v) => json('POST', paths.votes(), jsonFields({ mediaId, isHot: true }, 'userId', v)),
      maxId: 403,
    },
    {
      label: 'POST /api/votes mediaId',
      field: /^mediaId /,
      send: (v) => json('POST', paths.votes(), jsonFields({ userId: visitor.user.id, isHot: true }, 'mediaId', v)),
      maxId: 404,
    },
    {
      label: 'POST /api/media/:id/view id',
      field: /^id /,
      send: (v) => json('POST', `/api/media/${v.text}/view`, JSON.stringify({ userId: visitor.user.id })),
      maxId: 404,
    },
    {
      label: 'POST /api/media/:id/view userId',
      field: /^userId /,
      send: (v) => json('POST', paths.mediaView(mediaId), jsonFields({}, 'userId', v)),
      maxId: 403,
    },
    {
      label: 'DELETE /api/media/:id id',
      field: /^id /,
      send: (v) => get('DELETE', `/api/media/${v.text}?userId=${visitor.user.id}`),
      maxId: 404,
    },
    {
      label: 'DELETE /api/media/:id ?userId',
      field: /^userId /,
      send: (v) => get('DELETE', `/api/media/${mediaId}?userId=${v.text}`),
      maxId: 403,
    },
    { label: 'GET /api/media/random/:userId', field: /^userId /, send: (v) => get('GET', `/api/media/random/${v.text}`), maxId: 403 },
    {
      label: 'GET /api/media/random ?exclude',
      field: /^exclude /,
      send: (v) => get('GET', `/api/media/random/${visitor.user.id}?exclude=${v.text}`),
      maxId: 200,
    },
    { label: 'GET /api/media/queue/:userId', field: /^userId /, send: (v) => get('GET', `/api/media/queue/${v.text}`), maxId: 403 },
    {
      label: 'GET /api/media/queue ?exclude',
      field: /^exclude /,
      send: (v) => get('GET', `/api/media/queue/${visitor.user.id}?exclude=${mediaId},${v.text}`),
      maxId: 200,
    },
    {
      label: 'GET /api/media/queue ?limit',
      field: /^limit /,
      send: (v) => get('GET', `/api/media/queue/${visitor.user.id}?limit=${v.text}`),
    },
    {
      label: 'POST /api/media/upload userId field',
      field: /^userId /,
      send: (v) =>
        call(t.app, 'POST', paths.mediaUpload(), undefined, { cookie: visitor.cookie, raw: uploadForm(v.text, 'red-marigold.webp') }),
      maxId: 403,
    },
    { label: 'GET /api/users/:id/stats', field: /^id /, send: (v) => get('GET', `/api/users/${v.text}/stats`), maxId: 403 },
    {
      label: 'PATCH /api/users/:id',
      field: /^id /,
      send: (v) => json('PATCH', `/api/users/${v.text}`, '{"username":"ranges"}'),
      maxId: 403,
    },
    {
      label: 'POST /api/dmca-takedown mediaId',
      field: /^mediaId /,
      send: (v) => json('POST', paths.dmcaTakedown(), jsonFields(takedownInput(), 'mediaId', v)),
      maxId: 201,
    },
    {
      label: 'POST /api/session latitude',
      field: /^latitude/,
      send: (v) => json('POST', paths.session(), jsonFields({ sessionId: newSessionId() }, 'latitude', v)),
      inRange: ['-1', '0', '1.5'],
    },
    {
      label: 'POST /api/session longitude',
      field: /^longitude/,
      send: (v) => json('POST', paths.session(), jsonFields({ sessionId: newSessionId() }, 'longitude', v)),
      inRange: ['-1', '0', '1.5'],
    },
    {
      label: 'PATCH /api/admin/dmca-takedowns/:id',
      field: /^id /,
      send: (v) => json('PATCH', `/api/admin/dmca-takedowns/${v.text}`, '{"status":"reviewed"}', ADMIN_BASIC),
      maxId: 404,
    },
    {
      label: 'DELETE /api/admin/media/:id',
      field: /^id /,
      send: (v) => get('DELETE', `/api/admin/media/${v.text}`, ADMIN_BASIC),
      maxId: 404,
    },
    ...adminLists.flatMap((list): Input[] => {
      const join = list.includes('?') ? '&' : '?'
      return [
        { label: `GET ${list} ?limit`, field: /^limit /, send: (v) => get('GET', `${list}${join}limit=${v.text}`, ADMIN_BASIC) },
        {
          label: `GET ${list} ?offset`,
          field: /^offset /,
          send: (v) => get('GET', `${list}${join}offset=${v.text}`, ADMIN_BASIC),
          inRange: ['0', 'MAX_ID + 1'],
        },
      ]
    }),
    {
      label: 'POST /api/admin/media/reprocess afterId',
      field: /^afterId /,
      send: (v) => json('POST', paths.adminReprocess(), jsonFields({ limit: 1 }, 'afterId', v), ADMIN_BASIC),
      inRange: ['0'],
      maxId: 200,
    },
    {
      label: 'POST /api/admin/media/reprocess limit',
      field: /^limit /,
      send: (v) => json('POST', paths.adminReprocess(), jsonFields({}, 'limit', v), ADMIN_BASIC),
    },
    {
      label: 'POST /api/admin/vote-multiplier-config multiplier',
      field: /^Vote multiplier /,
      send: (v) => json('POST', paths.adminConfig('vote-multiplier'), jsonFields({ isEnabled: false }, 'multiplier', v), ADMIN_BASIC),
      inRange: ['1.5'],
    },
    {
      label: 'POST /api/admin/email-capture-config voteThreshold',
      field: /^Vote threshold /,
      send: (v) => json('POST', paths.adminConfig('email-capture'), jsonFields({ isEnabled: false }, 'voteThreshold', v), ADMIN_BASIC),
    },
    {
      label: 'POST /api/admin/idle-redirect-config idleRedirectTime',
      field: /^Idle redirect time /,
      send: (v) =>
        json('POST', paths.adminConfig('idle-redirect'), jsonFields({ idleRedirectUrl: '' }, 'idleRedirectTime', v), ADMIN_BASIC),
    },
  ]

  for (const input of inputs) {
    it(`${input.label}: a 400 naming the field for every value out of range`, async () => {
      for (const bad of BAD) {
        const r = await input.send(bad)
        const seen = { value: bad.name, status: r.status, type: r.headers.get('content-type')?.split(';')[0], error: r.json?.error }
        if (input.inRange?.includes(bad.name)) expect({ ...seen, under500: r.status < 500 }).toMatchObject({ under500: true })
        else expect(seen).toEqual({ ...seen, status: 400, type: 'application/json', error: expect.stringMatching(input.field) })
      }
    })
    if (input.maxId !== undefined)
      it(`${input.label}: the largest id, ${MAX_ID}, reaches the database and answers ${input.maxId}`, async () => {
        const r = await input.send({ name: 'MAX_ID', json: String(MAX_ID), text: String(MAX_ID) })
        expect({ status: r.status, error: r.json?.error }).toMatchObject({ status: input.maxId })
      })
  }

  it('leaves the rows as they were', async () => {
    expect((await t.sql.get('select count(*) as n from votes')).n).toBe(0)
    expect((await t.sql.get('select count(*) as n from media')).n).toBe(1)
    expect((await t.sql.get('select count(*) as n from dmca_takedowns where id = ?', takedownId)).n).toBe(1)
  })
})
