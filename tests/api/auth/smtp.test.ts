/** The mail path over real SMTP: a receiver from npm on loopback gets the message, and its link logs the visitor in. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { createSmtpMailer } from '@server/mail/mailer'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { paths } from '@contract/paths'

const received: { to: string[]; raw: string }[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = ''
    stream.on('data', (c: Buffer) => (raw += c.toString('utf8')))
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
      done()
    })
  },
})
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

describe('magic links over SMTP', () => {
  it('delivers the message to the SMTP server, and its link logs the visitor in', async () => {
    const t = makeTestApp({}, { mailer: createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'HotVote <no-reply@hotvote.test>') })
    const v = await makeVisitor(t.app)
    expect((await call(t.app, 'POST', paths.sendMagicLink(), { email: 'smtp@example.com', sessionId: v.user.sessionId })).status).toBe(200)
    const message = received.find((m) => m.to.includes('smtp@example.com'))!
    expect(message.raw).toContain('Subject: HotVote: confirm your email')
    // Quoted-printable may wrap the link; undo soft line breaks before reading it.
    const token = message.raw
      .replace(/=\r?\n/g, '')
      .match(/verify\?token=3D([A-Za-z0-9_-]+)|verify\?token=([A-Za-z0-9_-]+)/)!
      .slice(1)
      .find(Boolean)!
    const verified = await call(t.app, 'POST', paths.verifyMagicLink(), { token })
    expect(verified.status).toBe(200)
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie })).json).toMatchObject({
      id: v.user.id,
      email: 'smtp@example.com',
      emailVerified: true,
    })
    t.cleanup()
  })
})
