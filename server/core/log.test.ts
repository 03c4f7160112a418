import { describe, expect, it } from 'bun:test'
import { Writable } from 'node:stream'
import { REDACTED, configureLog, createLogger, logRequestLine, redact, redactLine, type RequestLine } from './log'

describe('redact', () => {
  it('drops the token of a magic link and other secret query values, keeping the rest of the URL', () => {
    expect(redact('mail sent; link: https://hv.example/auth/verify?token=AbC_12-xyz&x=1')).toBe(
      `mail sent; link: https://hv.example/auth/verify?token=${REDACTED}&x=1`,
    )
    expect(redact('GET /f?X-Amz-Signature=deadbeef&X-Amz-Credential=AKIA%2F1')).toBe(
      `GET /f?X-Amz-Signature=${REDACTED}&X-Amz-Credential=${REDACTED}`,
    )
  })

  it('drops cookies, Authorization values and passwords in URLs', () => {
    expect(redact('cookie: sid=0123456789abcdef; hv_admin=tok')).toBe(`cookie: ${REDACTED}`)
    expect(redact('sent sid=0123456789abcdef and __Host-hv_admin=zzz')).toBe(`sent sid=${REDACTED} and __Host-hv_admin=${REDACTED}`)
    expect(redact('Authorization: Basic YWRtaW46c2VjcmV0')).toBe(`Authorization: ${REDACTED}`)
    expect(redact('with Bearer abcdefghijkl')).toBe(`with Bearer ${REDACTED}`)
    expect(redact('connect smtps://mailer:hunter2@mail.example:465 failed')).toBe(
      `connect smtps://mailer:${REDACTED}@mail.example:465 failed`,
    )
  })

  it('drops email addresses', () => {
    expect(redact('mail to kim.lee+hv@example.co.uk written to /data/outbox/1.eml')).toBe(
      `mail to ${REDACTED} written to /data/outbox/1.eml`,
    )
  })

  it('drops secret-named JSON fields and the configured values wherever they appear', () => {
    expect(redact('{"sessionId":"s-123","password":"p","username":"kim"}')).toBe(
      `{"sessionId":"${REDACTED}","password":"${REDACTED}","username":"kim"}`,
    )
    expect(redact('query failed with params: the-admin-pass,42', ['the-admin-pass', 'abc'])).toBe(
      `query failed with params: ${REDACTED},42`,
    )
  })

  it('leaves ordinary lines alone', () => {
    const line = 'HotVote is running at http://localhost:3000 (data in ./data, storage fs, production mode)'
    expect(redact(line, ['secret-value'])).toBe(line)
  })
})

describe('redactLine', () => {
  it('redacts every string of a JSON line, nested and escaped ones included, and keeps it JSON', () => {
    const line = JSON.stringify({
      msg: 'cookie: "sid=0123456789abcdef"',
      err: { stack: 'Error: fetch https://hv.example/auth/verify?token=abcdef123456 failed\n    at x' },
      who: ['kim@example.com'],
    })
    const out = JSON.parse(redactLine(line, ['configured-secret']))
    expect(out.msg).toBe(`cookie: "${REDACTED}"`)
    expect(JSON.stringify(out)).not.toMatch(/0123456789abcdef|abcdef123456|kim@example\.com/)
    expect(out.err.stack).toStartWith(`Error: fetch https://hv.example/auth/verify?token=${REDACTED} failed`)
  })
})

/** A logger (level info, production as given) whose lines are collected in lines. */
function collectingLogger(production: boolean, secrets: string[] = []) {
  const lines: string[] = []
  const destination = new Writable({ write: (chunk, _enc, next) => (lines.push(String(chunk)), next()) })
  return { lines, logger: createLogger({ level: 'info', production, secrets, destination }) }
}

describe('createLogger', () => {
  it('writes JSON lines with the instance id and secret-named fields redacted', () => {
    const { lines, logger } = collectingLogger(false)
    logger.info({ email: 'kim@example.com', password: 'p4ssw0rd', route: '/api/votes' }, 'request')
    const line = JSON.parse(lines[0])
    expect(line).toMatchObject({ msg: 'request', email: REDACTED, password: REDACTED, route: '/api/votes' })
    expect(typeof line.instance).toBe('string')
  })

  it('in production redacts secret-named fields at any depth', () => {
    const { lines, logger } = collectingLogger(true)
    logger.info({ body: { password: 'p4ssw0rd', nested: [{ sessionId: 'abc', token: 'xyz' }] }, route: '/api/votes' }, 'request')
    expect(JSON.parse(lines[0])).toMatchObject({
      body: { password: REDACTED, nested: [{ sessionId: REDACTED, token: REDACTED }] },
      route: '/api/votes',
    })
  })

  it('in production writes a line that cannot hold a secret as pino wrote it', () => {
    const line = `${JSON.stringify({ level: 30, requestId: 'ee8c0ce1-2182', route: '/api/media/random/:userId', status: 200, msg: 'request' })}\n`
    expect(redactLine(line, ['configured-secret'])).toBe(line)
  })

  it('in production also removes secrets by value from messages and errors, configured values included', () => {
    const { lines, logger } = collectingLogger(true, ['configured-secret'])
    logger.error(
      { err: new Error('fetch https://hv.example/auth/verify?token=abcdef123456 failed') },
      'admin %s failed',
      'configured-secret',
    )
    logger.info('mail to kim@example.com written to /tmp/x.eml')
    const all = lines.join('')
    expect(all).not.toMatch(/abcdef123456|configured-secret|kim@example\.com/)
    expect(JSON.parse(lines[0]).err.stack).toContain('log.test.ts')
    expect(JSON.parse(lines[1]).msg).toBe(`mail to ${REDACTED} written to /tmp/x.eml`)
  })

  it('writes nothing below its level', () => {
    const { lines, logger } = collectingLogger(false)
    logger.debug('not written')
    expect(lines).toEqual([])
  })
})

describe('logRequestLine', () => {
  /** The lines logRequestLine and pino's info(fields, 'request') write for each of fields, time removed. */
  function bothLines(production: boolean, level: 'info' | 'warn', fields: RequestLine[]) {
    const secrets = ['configured-s3cret', 'deadbeefcafe']
    const lines: string[] = []
    const destination = new Writable({ write: (chunk, _enc, next) => (lines.push(String(chunk)), next()) })
    const logger = configureLog({ level, production, secrets, destination })
    try {
      const withoutTime = (line: string) => line.replace(/"time":\d+,/, '')
      return fields.map((f) => {
        lines.length = 0
        logRequestLine(f)
        logger.info(f, 'request')
        return lines.map(withoutTime)
      })
    } finally {
      configureLog({ level: 'silent', production: false })
    }
  }
  const plain = { route: '/api/media/random/:userId', method: 'GET', status: 200, ms: 1.3 }
  const fields: RequestLine[] = [
    { requestId: crypto.randomUUID(), ...plain },
    // Ids a client sent in X-Request-Id: a header shape, a configured secret, an email-like id.
    { requestId: 'authorization:abcdef0123', ...plain },
    { requestId: 'id-configured-s3cret-1', ...plain, status: 404 },
    { requestId: 'kim@example.com', ...plain, method: 'POST', route: '/api/session' },
    // Hex digits and dashes, as the server's own ids, holding a configured secret.
    { requestId: '0123-deadbeefcafe-4567', ...plain },
  ]

  it('writes the line pino writes, redaction in production included', () => {
    for (const production of [false, true])
      for (const [ours, pinos] of bothLines(production, 'info', fields)) {
        expect(ours).toBe(pinos)
        expect(JSON.parse(ours).msg).toBe('request')
      }
    const redacted = bothLines(true, 'info', fields).map(([ours]) => JSON.parse(ours).requestId)
    expect(redacted.slice(1)).toEqual([`authorization:${REDACTED}`, `id-${REDACTED}-1`, REDACTED, `0123-${REDACTED}-4567`])
  })

  it('writes nothing when the level hides info', () => {
    expect(bothLines(true, 'warn', fields)).toEqual(fields.map(() => []))
  })
})

describe('the batched stdout of createLogger', () => {
  /** The stdout of a bun process that logs count lines through a default logger, then ends as `end` says. */
  async function stdoutOf(count: number, end: string): Promise<string> {
    const script = `
      const { createLogger } = await import(${JSON.stringify(`${import.meta.dir}/log.ts`)})
      const logger = createLogger({ level: 'info', production: true })
      for (let i = 0; i < ${count}; i++) logger.info({ n: i }, 'line')
      ${end}`
    const child = Bun.spawn([process.execPath, '-e', script], {
      stdout: 'pipe',
      stderr: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    const out = await new Response(child.stdout).text()
    await child.exited
    return out
  }
  const numbers = (out: string) =>
    out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).n)

  it('writes every line when the process exits right after them, whether by process.exit or an uncaught exception', async () => {
    const all = Array.from({ length: 300 }, (_, i) => i)
    expect(numbers(await stdoutOf(300, 'process.exit(0)'))).toEqual(all)
    expect(numbers(await stdoutOf(300, "setTimeout(() => { throw new Error('crash') }, 0)"))).toEqual(all)
    expect(numbers(await stdoutOf(3, ''))).toEqual([0, 1, 2])
  })

  it('writes a line of a process that stays alive without another line after it (the batch timer)', async () => {
    // The child logs one line, then keeps running: no exit, no full batch writes the line for it.
    const script = `
      const { createLogger } = await import(${JSON.stringify(`${import.meta.dir}/log.ts`)})
      createLogger({ level: 'info', production: true }).info({ n: 7 }, 'line')
      setInterval(() => {}, 60_000)`
    const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'ignore' })
    try {
      const reader = child.stdout.getReader()
      let out = ''
      while (!out.includes('\n')) {
        const { value, done } = await reader.read()
        if (done) break
        out += new TextDecoder().decode(value)
      }
      expect(numbers(out)).toEqual([7])
    } finally {
      child.kill()
    }
  })
})
