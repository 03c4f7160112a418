import { describe, expect, it } from 'bun:test'
import { REDACTED, installLogRedaction, redact } from './log'

describe('redact', () => {
  it('drops the token of a magic link and other secret query values, keeping the rest of the URL', () => {
    expect(redact('mail to a@b.c; link: https://hv.example/auth/verify?token=AbC_12-xyz&x=1')).toBe(`mail to a@b.c; link: https://hv.example/auth/verify?token=${REDACTED}&x=1`)
    expect(redact('GET /f?X-Amz-Signature=deadbeef&X-Amz-Credential=AKIA%2F1')).toBe(`GET /f?X-Amz-Signature=${REDACTED}&X-Amz-Credential=${REDACTED}`)
  })

  it('drops cookies, Authorization values and passwords in URLs', () => {
    expect(redact('cookie: sid=0123456789abcdef; hv_admin=tok')).toBe(`cookie: ${REDACTED}`)
    expect(redact('sent sid=0123456789abcdef and __Host-hv_admin=zzz')).toBe(`sent sid=${REDACTED} and __Host-hv_admin=${REDACTED}`)
    expect(redact('Authorization: Basic YWRtaW46c2VjcmV0')).toBe(`Authorization: ${REDACTED}`)
    expect(redact('with Bearer abcdefghijkl')).toBe(`with Bearer ${REDACTED}`)
    expect(redact('connect smtps://mailer:hunter2@mail.example:465 failed')).toBe(`connect smtps://mailer:${REDACTED}@mail.example:465 failed`)
  })

  it('drops secret-named JSON fields and the configured values wherever they appear', () => {
    expect(redact('{"sessionId":"s-123","password":"p","username":"kim"}')).toBe(`{"sessionId":"${REDACTED}","password":"${REDACTED}","username":"kim"}`)
    expect(redact('query failed with params: the-admin-pass,42', ['the-admin-pass', 'abc'])).toBe(`query failed with params: ${REDACTED},42`)
  })

  it('leaves ordinary lines alone', () => {
    const line = 'HotVote is running at http://localhost:3000 (data in ./data, storage fs, production mode)'
    expect(redact(line, ['secret-value'])).toBe(line)
  })
})

describe('installLogRedaction', () => {
  it('makes every console level write the formatted, redacted line, an error with its stack', () => {
    const levels = ['log', 'info', 'warn', 'error', 'debug'] as const
    const saved = levels.map((level) => console[level])
    const written: string[] = []
    for (const level of levels) console[level] = (line: string) => void written.push(`${level} ${line}`)
    try {
      installLogRedaction(['configured-secret', undefined])
      console.error('[req-1]', new Error('fetch https://hv.example/auth/verify?token=abcdef123456 failed'))
      console.log('admin %s logged in', 'configured-secret')
      expect(written[0]).toStartWith(`error [req-1] Error: fetch https://hv.example/auth/verify?token=${REDACTED} failed\n`)
      expect(written[0]).toContain('log.test.ts')
      expect(written[1]).toBe(`log admin ${REDACTED} logged in`)
    } finally {
      levels.forEach((level, i) => (console[level] = saved[i]))
    }
  })
})
