import { afterAll, describe, expect, it } from 'bun:test'
import { Writable } from 'node:stream'
import { configureLog } from '../core/log'
import { paths } from '../contract/paths'
import { makeTestApp } from '../../tests/support/test-app'
import { waitFor } from '../../tests/support/process-checks'
import { logsRequest, SLOW_REQUEST_MS } from './request-log'

/** Sends the server's log lines to lines, parsed, for the length of one test. */
function collectLog() {
  const lines: { requestId?: string; msg: string; status?: number }[] = []
  const destination = new Writable({ write: (chunk, _enc, next) => (lines.push(JSON.parse(String(chunk))), next()) })
  configureLog({ level: 'info', production: false, destination })
  return lines
}

afterAll(() => void configureLog({ level: 'silent', production: false }))

describe('logsRequest', () => {
  it('logs every answer under LOG_REQUESTS=all, and every error or slow answer at any sample rate', () => {
    for (let i = 0; i < 100; i++) expect(logsRequest(1, 200, 0.2)).toBe(true)
    expect(logsRequest(0, 404, 0.2)).toBe(true)
    expect(logsRequest(0, 500, 0.2)).toBe(true)
    expect(logsRequest(0, 302, 0.2)).toBe(true)
    expect(logsRequest(0, 200, SLOW_REQUEST_MS)).toBe(true)
    for (let i = 0; i < 100; i++) expect(logsRequest(0, 200, SLOW_REQUEST_MS - 1)).toBe(false)
  })

  it('logs about the sample rate of the fast 2xx answers', () => {
    let logged = 0
    for (let i = 0; i < 10_000; i++) if (logsRequest(0.5, 204, 1)) logged++
    expect(logged).toBeGreaterThan(4000)
    expect(logged).toBeLessThan(6000)
  })
})

describe('request lines', () => {
  it('with LOG_REQUESTS=sampled at rate 0, writes the line of an error answer and none of a fast 2xx one', async () => {
    const t = makeTestApp({ LOG_REQUESTS: 'sampled', LOG_REQUEST_SAMPLE_RATE: '0' })
    const lines = collectLog()
    try {
      const ok = await t.app.handle(new Request(`http://localhost${paths.voteMultiplierConfig()}`))
      const missing = await t.app.handle(new Request('http://localhost/api/no-such-route'))
      expect([ok.status, missing.status]).toEqual([200, 404])
      await waitFor('the error line', () => lines.some((l) => l.requestId === missing.headers.get('x-request-id')))
      // Lines are written in the order of the answers: the 2xx one would be there by now.
      expect(lines.filter((l) => l.msg === 'request').map((l) => l.status)).toEqual([404])
    } finally {
      t.cleanup()
    }
  })

  it('by default (LOG_REQUESTS=all) writes one line per request, 2xx included', async () => {
    const t = makeTestApp()
    const lines = collectLog()
    try {
      const ok = await t.app.handle(new Request(`http://localhost${paths.voteMultiplierConfig()}`))
      expect(ok.status).toBe(200)
      const id = ok.headers.get('x-request-id')
      await waitFor('the 2xx line', () => lines.some((l) => l.requestId === id))
      expect(lines.filter((l) => l.requestId === id).map((l) => [l.msg, l.status])).toEqual([['request', 200]])
    } finally {
      t.cleanup()
    }
  })
})
