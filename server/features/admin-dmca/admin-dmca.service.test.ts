/**
 * updateTakedown and listTakedowns on a real database: the allowed transitions, the media hidden exactly while a
 * resolved takedown names it, the audit event of each change, and the admin list without the statements.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser } from '../../../tests/support/rows'
import type { HttpError } from '../../http/errors'
import { insertTakedown } from '../../repositories/takedowns.repository'
import { listTakedowns, updateTakedown } from './admin-dmca.service'

const t = makeTestDeps()
afterAll(t.cleanup)

/** A pending takedown naming mediaId (straight into the table, as the public form stores one). */
const takedown = async (mediaId: number) => {
  const at = t.clock.now().toISOString()
  const row = await insertTakedown(t.deps.db, {
    referenceNumber: `DMCA-TEST-${crypto.randomUUID().slice(0, 6)}`,
    status: 'pending',
    complainantName: 'Rights Holder',
    complainantEmail: 'rights@example.com',
    copyrightOwner: 'Rights Holder',
    workDescription: 'My original photograph of a cat',
    infringementDescription: 'Uploaded without permission',
    infringingUrls: '["https://hotvote.example/x"]',
    goodFaithStatement: true,
    accuracyStatement: true,
    electronicSignature: 'Rights Holder',
    mediaId,
    createdAt: at,
    updatedAt: at,
  })
  return row.id
}
const hidden = async (mediaId: number) =>
  (await t.sql.get<{ hidden_at: string | null }>('select hidden_at from media where id = ?', mediaId))!.hidden_at !== null
const change = (id: number, status: 'pending' | 'reviewed' | 'resolved' | 'rejected') =>
  updateTakedown(t.deps, id, { status, adminNotes: `now ${status}` })

describe('updateTakedown', () => {
  it('hides the media on resolve and shows it on reopen, auditing each change with from and to', async () => {
    const mediaId = await insertMedia(t.sql, await insertUser(t.sql))
    const id = await takedown(mediaId)
    expect(await change(id, 'resolved')).toEqual({ message: 'DMCA takedown updated successfully', id, status: 'resolved' })
    expect(await hidden(mediaId)).toBe(true)
    expect(await t.sql.get('select status, admin_notes from dmca_takedowns where id = ?', id)).toEqual({
      status: 'resolved',
      admin_notes: 'now resolved',
    })
    await change(id, 'pending')
    expect(await hidden(mediaId)).toBe(false)
    const audits = await t.sql.all<{ context: string }>("select context from audit_logs where event = 'DMCA_TAKEDOWN_UPDATED' order by id")
    expect(audits.map((a) => JSON.parse(a.context)).filter((c) => c.id === id)).toMatchObject([
      { from: 'pending', to: 'resolved', mediaId },
      { from: 'resolved', to: 'pending', mediaId },
    ])
  })

  it('keeps the media hidden while another resolved takedown still names it', async () => {
    const mediaId = await insertMedia(t.sql, await insertUser(t.sql))
    const [first, second] = [await takedown(mediaId), await takedown(mediaId)]
    await change(first, 'resolved')
    await change(second, 'resolved')
    await change(first, 'pending')
    expect(await hidden(mediaId)).toBe(true)
    await change(second, 'pending')
    expect(await hidden(mediaId)).toBe(false)
  })

  it('refuses a transition the rules do not allow with 409 and an unknown takedown with 404, changing nothing', async () => {
    const mediaId = await insertMedia(t.sql, await insertUser(t.sql))
    const id = await takedown(mediaId)
    await change(id, 'rejected')
    const audits = (await t.sql.get<{ n: number }>('select count(*) as n from audit_logs'))!.n
    expect(await change(id, 'resolved').catch((e: HttpError) => e.status)).toBe(409)
    expect(await change(999_999, 'resolved').catch((e: HttpError) => e.status)).toBe(404)
    expect(await t.sql.get('select status from dmca_takedowns where id = ?', id)).toEqual({ status: 'rejected' })
    expect(await hidden(mediaId)).toBe(false)
    expect((await t.sql.get<{ n: number }>('select count(*) as n from audit_logs'))!.n).toBe(audits)
  })
})

describe('listTakedowns', () => {
  it('pages the takedowns newest first with their total, leaving out the sworn statements', async () => {
    const mediaId = await insertMedia(t.sql, await insertUser(t.sql))
    const newest = await takedown(mediaId)
    const page = await listTakedowns(t.deps, { limit: 2, offset: 0 })
    expect(page.total).toBe((await t.sql.get<{ n: number }>('select count(*) as n from dmca_takedowns'))!.n)
    expect(page.items).toHaveLength(2)
    expect(page.items[0].id).toBe(newest)
    expect(page.items[0]).not.toHaveProperty('goodFaithStatement')
  })
})
