/** fileTakedown on a real database and mailer: the stored pending request, its reference number, audit event and confirmation mail. */
import { afterAll, describe, expect, it } from 'bun:test'
import * as v from 'valibot'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertMedia, insertUser } from '../../../tests/support/rows'
import { takedownInput } from '../../../tests/support/builders'
import { DmcaInputSchema } from '../../contract/dmca'
import { createSmtpMailer } from '../../mail/mailer'
import { fileTakedown, newReferenceNumber } from './dmca.service'

const t = makeTestDeps()
afterAll(t.cleanup)
const input = (mediaId?: number) => v.parse(DmcaInputSchema, takedownInput(mediaId))

describe('fileTakedown', () => {
  it('stores a pending request naming the media, audits it and mails the complainant its reference number', async () => {
    const mediaId = await insertMedia(t.sql, await insertUser(t.sql))
    const filed = await fileTakedown(t.deps, input(mediaId))
    expect(filed.status).toBe('pending')
    expect(filed.referenceNumber).toMatch(/^DMCA-20261122-[0-9A-F]{6}$/)
    const row = await t.sql.get(
      'select reference_number, status, media_id, infringing_urls, complainant_email from dmca_takedowns where id = ?',
      filed.id,
    )
    expect(row).toEqual({
      reference_number: filed.referenceNumber,
      status: 'pending',
      media_id: mediaId,
      infringing_urls: '["https://hotvote.example/x"]',
      complainant_email: 'rights@example.com',
    })
    const audit = await t.sql.get<{ context: string }>(
      "select context from audit_logs where event = 'DMCA_TAKEDOWN_CREATED' order by id desc limit 1",
    )
    expect(JSON.parse(audit!.context)).toEqual({
      id: filed.id,
      referenceNumber: filed.referenceNumber,
      complainantEmail: 'rights@example.com',
      mediaId,
      urls: 1,
    })
    const mail = t.sent.at(-1)!
    expect(mail.to).toBe('rights@example.com')
    expect(mail.text).toContain(filed.referenceNumber)
  })

  it('keeps the request when the confirmation mail cannot be sent', async () => {
    const unreachable = createSmtpMailer('smtp://127.0.0.1:1', 'noreply@hotvote.example')
    const filed = await fileTakedown({ ...t.deps, mailer: unreachable }, input())
    expect(await t.sql.get('select status, media_id from dmca_takedowns where id = ?', filed.id)).toEqual({
      status: 'pending',
      media_id: null,
    })
  })
})

describe('newReferenceNumber', () => {
  it('carries the filing date and a random suffix', () => {
    const at = new Date('2027-01-05T23:59:00.000Z')
    const numbers = new Set(Array.from({ length: 20 }, () => newReferenceNumber(at)))
    for (const n of numbers) expect(n).toMatch(/^DMCA-20270105-[0-9A-F]{6}$/)
    expect(numbers.size).toBe(20)
  })
})
