/** checkReadiness with a real database and bucket: ready while both answer, not ready with the failing check's message when the database is gone. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { checkHealth, checkReadiness } from './health.service'

const t = makeTestDeps()
afterAll(t.cleanup)

describe('checkReadiness', () => {
  it('is ready when the database and the bucket both answer', async () => {
    expect(await checkReadiness(t.deps)).toEqual({ ready: true, answer: { status: 'ready', checks: { database: 'ok', storage: 'ok' } } })
  })

  it('is not ready, naming the database failure, once the database is closed', async () => {
    const closed = makeTestDeps()
    closed.cleanup()
    const { ready, answer } = await checkReadiness(closed.deps)
    expect(ready).toBe(false)
    expect(answer.status).toBe('not ready')
    expect(answer.checks.database).not.toBe('ok')
    expect(answer.checks.database.length).toBeGreaterThan(0)
  })
})

describe('checkHealth', () => {
  it('answers ok with the uptime in whole seconds', () => {
    const health = checkHealth()
    expect(health.status).toBe('ok')
    expect(Number.isInteger(health.uptime)).toBe(true)
  })
})
