import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp } from '../../support/test-app'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

const valid = {
  complainantName: 'Ada Lovelace',
  complainantEmail: 'ada@example.com',
  complainantPhone: '+44 20 7946 0000',
  copyrightOwner: 'Analytical Engines Ltd',
  workDescription: 'My photograph of a mountain meadow at dawn',
  infringementDescription: 'The photo was uploaded without my permission',
  infringingUrls: JSON.stringify(['https://hotvote.example/media/1', 'http://mirror.example/x']),
  mediaId: 7,
  goodFaithStatement: true,
  accuracyStatement: true,
  electronicSignature: 'Ada Lovelace',
}

describe('POST /api/dmca-takedown', () => {
  it('stores a pending request with a reference number, audits it and emails the complainant', async () => {
    const r = await call(t.app, 'POST', paths.dmcaTakedown(), valid)
    expect(r.status).toBe(201)
    expect(r.json).toEqual({
      id: expect.any(Number),
      status: 'pending',
      referenceNumber: expect.stringMatching(/^DMCA-20261122-[0-9A-F]{6}$/),
    })
    const row = (await t.sql.get('select * from dmca_takedowns where id = ?', r.json.id)) as Record<string, unknown>
    expect(row).toMatchObject({
      status: 'pending',
      complainant_name: 'Ada Lovelace',
      media_id: 7,
      infringing_urls: JSON.stringify(['https://hotvote.example/media/1', 'http://mirror.example/x']),
    })
    const audit = (await t.sql.get("select context from audit_logs where event = 'DMCA_TAKEDOWN_CREATED'")) as { context: string }
    expect(JSON.parse(audit.context)).toMatchObject({ id: r.json.id, referenceNumber: r.json.referenceNumber })
    const mail = t.sent.at(-1)!
    expect(mail.to).toBe('ada@example.com')
    expect(mail.text).toContain(r.json.referenceNumber)
    expect(mail.text).toContain('24-48 hours')
  })

  it('accepts the URLs as newline-separated text or an array, dropping blank lines', async () => {
    for (const infringingUrls of [
      'https://a.example/1\n\n  https://b.example/2  \n',
      ['https://a.example/1', ' ', 'https://b.example/2'],
    ]) {
      const r = await call(t.app, 'POST', paths.dmcaTakedown(), { ...valid, infringingUrls })
      expect(r.status).toBe(201)
      const row = (await t.sql.get('select infringing_urls from dmca_takedowns where id = ?', r.json.id)) as { infringing_urls: string }
      expect(JSON.parse(row.infringing_urls)).toEqual(['https://a.example/1', 'https://b.example/2'])
    }
  })

  it('needs no phone, address or media id', async () => {
    const { complainantPhone, mediaId, ...rest } = valid
    expect((await call(t.app, 'POST', paths.dmcaTakedown(), rest)).status).toBe(201)
  })

  const rules: [string, unknown, string][] = [
    ['complainantName', '  ', 'Complainant name is required'],
    ['complainantEmail', 'not-an-email', 'Valid email is required'],
    ['copyrightOwner', '', 'Copyright owner is required'],
    ['workDescription', 'too short', 'Please provide a detailed description of your work'],
    ['infringementDescription', 'short', 'Please describe the infringement in detail'],
    ['infringingUrls', '\n \n', 'At least one infringing URL is required'],
    ['infringingUrls', 'ftp://files.example/x', 'Each infringing URL must start with http:// or https://'],
    ['goodFaithStatement', false, 'You must confirm the good faith statement'],
    ['accuracyStatement', false, 'You must confirm the accuracy statement'],
    ['electronicSignature', '', 'Electronic signature is required'],
  ]
  for (const [field, value, message] of rules) {
    it(`answers 400 '${message}' for ${field} = ${JSON.stringify(value)}`, async () => {
      const before = await t.sql.get('select count(*) as n from dmca_takedowns')
      const r = await call(t.app, 'POST', paths.dmcaTakedown(), { ...valid, [field]: value })
      expect(r).toMatchObject({ status: 400, json: { error: message, issues: [{ path: field, message }] } })
      expect(await t.sql.get('select count(*) as n from dmca_takedowns')).toEqual(before)
    })
  }

  it('answers 400 for a missing field and for broken JSON', async () => {
    const { electronicSignature, ...rest } = valid
    expect((await call(t.app, 'POST', paths.dmcaTakedown(), rest)).json.error).toBe('Electronic signature is required')
    expect(
      (
        await call(t.app, 'POST', paths.dmcaTakedown(), undefined, {
          raw: '{"complainantName":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400)
  })
})

describe('POST /api/dmca-takedown limits', () => {
  const cases: [string, unknown, string][] = [
    ['complainantName', 'n'.repeat(201), 'Complainant name must be at most 200 characters'],
    ['complainantEmail', `${'e'.repeat(250)}@example.com`, 'Valid email is required'],
    ['complainantPhone', '1'.repeat(51), 'Phone must be at most 50 characters'],
    ['complainantAddress', 'a'.repeat(501), 'Address must be at most 500 characters'],
    ['copyrightOwner', 'o'.repeat(201), 'Copyright owner must be at most 200 characters'],
    ['workDescription', 'w'.repeat(5001), 'Description of the work must be at most 5000 characters'],
    ['infringementDescription', 'i'.repeat(5001), 'Description of the infringement must be at most 5000 characters'],
    ['infringingUrls', Array.from({ length: 51 }, (_, i) => `https://x.example/${i}`), 'List at most 50 infringing URLs'],
    ['infringingUrls', [`https://x.example/${'p'.repeat(1000)}`], 'Each infringing URL must be at most 1000 characters'],
    ['electronicSignature', 's'.repeat(201), 'Electronic signature must be at most 200 characters'],
  ]
  for (const [field, value, message] of cases) {
    it(`answers 400 '${message}' for an over-long ${field}`, async () => {
      expect(await call(t.app, 'POST', paths.dmcaTakedown(), { ...valid, [field]: value })).toMatchObject({
        status: 400,
        json: { error: message, issues: [{ path: field, message }] },
      })
    })
  }

  it('accepts every field at its cap: 5000-character descriptions and 50 URLs', async () => {
    const full = {
      ...valid,
      complainantName: 'n'.repeat(200),
      complainantAddress: 'a'.repeat(500),
      workDescription: 'w'.repeat(5000),
      infringementDescription: 'i'.repeat(5000),
      infringingUrls: Array.from({ length: 50 }, (_, i) => `https://x.example/${i}/${'p'.repeat(900)}`),
    }
    expect((await call(t.app, 'POST', paths.dmcaTakedown(), full)).status).toBe(201)
  })

  it('answers 429 JSON past DMCA_RATE_LIMIT_PER_HOUR filings from one address, and again after the hour', async () => {
    const limited = makeTestApp({ DMCA_RATE_LIMIT_PER_HOUR: '3' })
    for (let i = 0; i < 3; i++) expect((await call(limited.app, 'POST', paths.dmcaTakedown(), valid)).status).toBe(201)
    expect(await call(limited.app, 'POST', paths.dmcaTakedown(), valid)).toMatchObject({
      status: 429,
      json: { error: 'Too many takedown requests from this address. Please try again later.' },
    })
    expect(((await limited.sql.get('select count(*) as n from dmca_takedowns')) as { n: number }).n).toBe(3)
    limited.clock.advance(3600_000)
    expect((await call(limited.app, 'POST', paths.dmcaTakedown(), valid)).status).toBe(201)
    limited.cleanup()
  })

  it('allows 50 filings an hour per address by default', async () => {
    const fresh = makeTestApp()
    for (let i = 0; i < 50; i++) expect((await call(fresh.app, 'POST', paths.dmcaTakedown(), valid)).status).toBe(201)
    expect((await call(fresh.app, 'POST', paths.dmcaTakedown(), valid)).status).toBe(429)
    fresh.cleanup()
  })

  it('mails the reference number and a summary, never the text the filer typed', async () => {
    const planted = {
      ...valid,
      complainantName: 'Visit evil.example now',
      workDescription: 'Click https://evil.example/win',
      infringementDescription: 'Free prizes at evil.example',
      infringingUrls: ['https://evil.example/a', 'https://evil.example/b'],
      electronicSignature: 'evil.example',
    }
    const r = await call(t.app, 'POST', paths.dmcaTakedown(), planted)
    const mail = t.sent.at(-1)!
    expect(mail.text).toContain(r.json.referenceNumber)
    expect(mail.text).toContain('2 infringing URLs')
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('evil.example')
  })
})
