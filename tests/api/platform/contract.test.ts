/**
 * The contract is complete and kept: every operation of the OpenAPI document documents its success answer
 * (a JSON schema, a file, an empty 204 or a redirect), and real answers of every admin route and a representative set
 * of public ones match the schema their route declares (call() checks each answer; see tests/support/contract.ts).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import * as v from 'valibot'
import { type ADMIN_CONFIG_PATHS, DB_TEST_CHECKS, paths } from '@contract/paths'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC, type CallOptions } from '../../support/test-app'
import { declaredResponseSchema, routeOf } from '../../support/contract'
import { ErrorSchema } from '@contract/common'
import { FIXTURES_DIR, makeMedia, takedownInput, uploadForm } from '../../support/builders'
import { join } from 'node:path'

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }>; headers?: Record<string, unknown> }>
}

describe('the OpenAPI document', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('documents a success answer for every operation: a body schema (a non-empty one for JSON), an empty 204, a redirect, or the headers that carry it', async () => {
    const doc = (await call(t.app, 'GET', paths.openapi())).json as { paths: Record<string, Record<string, Operation>> }
    const undocumented: string[] = []
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status))
        const emptyJson = success.some(
          ([, r]) => r.content?.['application/json'] && Object.keys(r.content['application/json'].schema ?? {}).length === 0,
        )
        // A 2xx other than 204 with neither a body nor headers says nothing of what it answers.
        const unsaid = success.some(
          ([status, r]) =>
            /^2/.test(status) && status !== '204' && !Object.keys(r.content ?? {}).length && !Object.keys(r.headers ?? {}).length,
        )
        if (success.length === 0 || emptyJson || unsaid) undocumented.push(`${method.toUpperCase()} ${path}`)
      }
    }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50)
    expect(undocumented).toEqual([])
  })
})

describe('answers match their declared schemas', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)
  /** Routes (METHOD pattern) whose JSON answer a call below checked against a declared schema. */
  const checked = new Set<string>()

  /** Calls the app, expects a 2xx JSON answer with a declared schema (call() has validated it), and records the route. */
  async function answer(method: string, path: string, body?: unknown, opts: CallOptions = {}) {
    const r = await call(t.app, method, path, body, opts)
    // The path and body ride along so a failure names the call and the server's error text.
    expect({ path, success: r.status >= 200 && r.status < 300, body: r.status >= 300 ? r.json : 'ok' }).toEqual({
      path,
      success: true,
      body: 'ok',
    })
    const schema = declaredResponseSchema(t.app, method, path, r.status)
    expect({ path, declared: Boolean(schema) }).toEqual({ path, declared: true })
    // The parsed JSON, not only Elysia's run-time check: what goes over the wire is what the contract says.
    v.parse(schema!, r.json)
    const route = routeOf(t.app, method, path)!
    checked.add(`${route.method} ${route.path}`)
    return r.json
  }
  const admin = (method: string, path: string, body?: unknown, raw?: BodyInit) => answer(method, path, body, { headers: ADMIN_BASIC, raw })

  it('for the public and visitor calls', async () => {
    const visitor = await makeVisitor(t.app)
    const other = await makeVisitor(t.app)
    const uploaded = await makeMedia(t.app, other, 'tabby-cat.png')
    expect(uploaded.status).toBe(201)
    await answer('GET', paths.health())
    await answer('GET', paths.ready())
    await answer('GET', paths.session(), undefined, { cookie: visitor.cookie })
    const item = (await answer('GET', paths.mediaRandom(visitor.user.id), undefined, { cookie: visitor.cookie })) as { id: number }
    await answer('GET', paths.mediaQueue(visitor.user.id, { limit: 5 }), undefined, { cookie: visitor.cookie })
    await answer('POST', paths.votes(), { userId: visitor.user.id, mediaId: item.id, isHot: true }, { cookie: visitor.cookie })
    await answer('GET', paths.userStats(other.user.id), undefined, { cookie: other.cookie })
    await answer('GET', paths.checkUsername('someone_new'), undefined, { cookie: visitor.cookie })
    await answer('PATCH', paths.user(visitor.user.id), { username: 'contract_checker' }, { cookie: visitor.cookie })
    for (const path of [
      paths.siteSettings(),
      paths.voteMultiplierConfig(),
      paths.emailCaptureConfig(),
      paths.skipButtonConfig(),
      paths.adConfig('zone1'),
      paths.idleRedirectConfig(),
    ])
      await answer('GET', path)
    await answer('POST', paths.validateEmail(), { email: 'someone@example.com' })
    await answer('POST', paths.dmcaTakedown(), takedownInput(uploaded.json.media.id))
  })

  it('for every admin call', async () => {
    const owner = await makeVisitor(t.app)
    expect((await makeMedia(t.app, owner, 'yellow-daisy.webp')).status).toBe(201)
    await admin('POST', paths.adminLogin(), { username: 'admin', password: 'test-admin-password' })
    const inputs = {
      'vote-multiplier': { isEnabled: true, multiplier: 2 },
      'email-capture': { isEnabled: true, voteThreshold: 3 },
      'idle-redirect': { idleRedirectTime: 60, idleRedirectUrl: 'https://example.com/idle' },
      'back-button': { backButtonUrl: 'https://example.com/back' },
      zone1: { zoneName: 'Zone 1', adCode: '<b>ad</b>', isActive: true },
      'skip-button': { zoneName: 'Skip', buttonText: 'Next', buttonUrl: '', isActive: true },
    } satisfies Record<keyof typeof ADMIN_CONFIG_PATHS, unknown>
    for (const [name, input] of Object.entries(inputs) as [keyof typeof ADMIN_CONFIG_PATHS, unknown][]) {
      await admin('POST', paths.adminConfig(name), input)
      await admin('GET', paths.adminConfig(name))
    }
    await admin('GET', paths.adminRedirectHistory('idle-redirect'))
    await admin('GET', paths.adminRedirectHistory('back-button'))
    await admin('GET', paths.adminMedia())
    await admin('GET', paths.adminUsers({ limit: 10 }))
    for (const check of DB_TEST_CHECKS) await admin('GET', paths.dbTest(check))
    await answer('POST', paths.dmcaTakedown(), takedownInput())
    const [takedown] = (await admin('GET', paths.adminDmcaTakedowns())) as { id: number }[]
    await admin('PATCH', paths.adminDmcaTakedown(takedown.id), { status: 'reviewed', adminNotes: 'looking' })
    await admin('GET', paths.adminAuditLogs())
    await admin('GET', paths.adminInactiveCount())
    await admin('POST', paths.adminPurgeInactive())
    await admin('POST', paths.adminFixSequence())
    await admin('POST', paths.adminPopulateVotes())
    await admin('GET', paths.adminBucketFiles({ checksums: true }))
    await admin('GET', paths.adminFindDuplicates())
    const { key } = (await admin('POST', paths.adminBucketUpload(), undefined, uploadForm(0, 'paint-brushes.gif'))) as { key: string }
    // Resumable bucket uploads: one sent whole with its creation, one sent by PATCH, and the stored answer.
    const bytes = await Bun.file(join(FIXTURES_DIR, 'red-marigold.webp')).bytes()
    const tusHeaders = (more: Record<string, string>) => ({
      ...ADMIN_BASIC,
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      ...more,
    })
    const meta = `filename ${btoa('marigold.webp')}`
    await answer('POST', paths.adminBucketTus(), undefined, {
      headers: tusHeaders({ 'upload-length': String(bytes.length), 'upload-metadata': meta }),
      raw: bytes,
    })
    const created = await call(t.app, 'POST', paths.adminBucketTus(), undefined, {
      headers: { ...ADMIN_BASIC, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': meta },
    })
    const location = created.headers.get('location')!
    // The upload's GET route serves its HEAD, whose answer is the headers its document declares; a GET itself is a 405 error body.
    const head = await call(t.app, 'HEAD', location, undefined, { headers: { ...ADMIN_BASIC, 'tus-resumable': '1.0.0' } })
    expect({
      status: head.status,
      offset: head.headers.get('upload-offset'),
      length: head.headers.get('upload-length'),
      body: head.text,
    }).toEqual({
      status: 200,
      offset: '0',
      length: String(bytes.length),
      body: '',
    })
    const get = await call(t.app, 'GET', location, undefined, { headers: { ...ADMIN_BASIC, 'tus-resumable': '1.0.0' } })
    expect({ status: get.status, error: v.is(ErrorSchema, get.json) }).toEqual({ status: 405, error: true })
    await answer('PATCH', location, undefined, { headers: tusHeaders({ 'upload-offset': '0' }), raw: bytes })
    await admin('GET', `${location}/result`)
    await admin('POST', paths.adminImportMedia())
    const [first, second] = (await admin('GET', paths.adminMedia({ limit: 2 }))) as { id: number }[]
    await admin('POST', paths.adminDismissNearDuplicates(), { ids: [first.id, second.id] })
    await admin('POST', paths.adminResolveNearDuplicates(), { keepId: first.id, ids: [second.id], action: 'hide' })
    await admin('POST', paths.adminShowHiddenCopy(), { id: second.id })
    await admin('POST', paths.adminDeleteBucketFiles(), { filenames: [key] })
    await admin('GET', paths.adminReprocess('2026-01-01'))
    await admin('POST', paths.adminReprocess(), { limit: 1 })
    await admin('POST', paths.adminResetDatabase())
  })

  it('leaves no admin route with a JSON answer unchecked', () => {
    const adminJsonRoutes = (t.app.routes as { method: string; path: string; hooks?: { response?: unknown } }[])
      .filter((r) => /^\/api\/(admin|db-test)\//.test(r.path) && r.hooks?.response)
      .map((r) => `${r.method} ${r.path}`)
    expect(adminJsonRoutes.filter((r) => !checked.has(r))).toEqual([])
  })
})
