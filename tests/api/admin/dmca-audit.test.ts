import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { makeMedia, takedownInput } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

describe('admin takedowns', () => {
  it('lists requests and follows the allowed transitions; resolving hides the media, reopening shows it', async () => {
    const owner = await makeVisitor(t.app)
    const mediaId = (await makeMedia(t.app, owner, 'tabby-cat.png')).json.media.id
    const id = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(mediaId))).json.id
    const list = await call(t.app, 'GET', paths.adminDmcaTakedowns(), undefined, { headers: ADMIN_BASIC })
    expect(list.json[0]).toMatchObject({ id, status: 'pending', mediaId, adminNotes: '', infringingUrls: '["https://hotvote.example/x"]' })

    const patch = (status: string, adminNotes = '') =>
      call(t.app, 'PATCH', `/api/admin/dmca-takedowns/${id}`, { status, adminNotes }, { headers: ADMIN_BASIC })
    expect((await patch('reviewed', 'checked the URL')).json).toMatchObject({
      message: 'DMCA takedown updated successfully',
      status: 'reviewed',
    })
    expect(await patch('pending')).toMatchObject({ status: 409, json: { error: 'A reviewed takedown cannot become pending' } })
    expect((await patch('resolved', 'removed')).status).toBe(200)
    const viewer = await makeVisitor(t.app)
    expect((await call(t.app, 'GET', `/api/media/random/${viewer.user.id}`, undefined, { cookie: viewer.cookie })).status).toBe(404)
    expect(await patch('rejected')).toMatchObject({ status: 409 })
    expect((await patch('pending')).status).toBe(200)
    expect((await call(t.app, 'GET', `/api/media/random/${viewer.user.id}`, undefined, { cookie: viewer.cookie })).json.id).toBe(mediaId)
    expect((await call(t.app, 'GET', paths.adminDmcaTakedowns(), undefined, { headers: ADMIN_BASIC })).json[0].adminNotes).toBe('')
    expect((await call(t.app, 'PATCH', `/api/admin/dmca-takedowns/${id}`, { status: 'gone' }, { headers: ADMIN_BASIC })).status).toBe(400)
    expect((await call(t.app, 'PATCH', '/api/admin/dmca-takedowns/99999', { status: 'reviewed' }, { headers: ADMIN_BASIC })).status).toBe(
      404,
    )
  })
})

describe('GET /api/admin/audit-logs', () => {
  it('filters by event type, search text and date, and exports a dated JSON file', async () => {
    const all = await call(t.app, 'GET', paths.adminAuditLogs(), undefined, { headers: ADMIN_BASIC })
    expect(all.json.length).toBeGreaterThan(3)
    expect(all.json[0]).toMatchObject({ event: 'DMCA_TAKEDOWN_UPDATED', context: expect.any(Object) })
    const updated = await call(t.app, 'GET', '/api/admin/audit-logs?eventType=DMCA_TAKEDOWN_UPDATED', undefined, { headers: ADMIN_BASIC })
    expect(updated.json.every((e: { event: string }) => e.event === 'DMCA_TAKEDOWN_UPDATED')).toBe(true)
    expect(updated.json).toHaveLength(3)
    const searched = await call(t.app, 'GET', '/api/admin/audit-logs?search=REJECTED', undefined, { headers: ADMIN_BASIC })
    expect(searched.json).toHaveLength(0)
    expect((await call(t.app, 'GET', '/api/admin/audit-logs?search=RESOLVED', undefined, { headers: ADMIN_BASIC })).json).toHaveLength(2)
    expect((await call(t.app, 'GET', '/api/admin/audit-logs?date=2026-11-22', undefined, { headers: ADMIN_BASIC })).json).toHaveLength(
      all.json.length,
    )
    expect((await call(t.app, 'GET', '/api/admin/audit-logs?date=2020-01-01', undefined, { headers: ADMIN_BASIC })).json).toEqual([])
    const file = await call(t.app, 'GET', '/api/admin/audit-logs?export=true&eventType=DMCA_TAKEDOWN_CREATED', undefined, {
      headers: ADMIN_BASIC,
    })
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="audit-logs-2026-11-22.json"')
    expect(file.json).toHaveLength(1)
    expect((await call(t.app, 'GET', '/api/admin/audit-logs?date=22-11-2026', undefined, { headers: ADMIN_BASIC })).status).toBe(400)
  })
})
