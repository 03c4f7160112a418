import { afterEach, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN_PASSWORD_FILE, resolveAdminPassword } from './admin-password'
import { ADMIN_BASIC, call, makeSecondInstance, makeTestApp } from '../../tests/support/test-app'
import { paths } from '../contract/paths'

const NOW = '2026-11-22T12:00:00.000Z'
const opened: (() => void)[] = []
afterEach(() => opened.splice(0).forEach((close) => close()))
const site = () => {
  const t = makeTestApp({ ADMIN_PASSWORD: '' })
  opened.push(t.cleanup)
  return t
}
const newDataDir = () => mkdtempSync(join(tmpdir(), 'hv-pw-'))
const basic = (password: string) => ({ authorization: `Basic ${btoa(`admin:${password}`)}` })

describe('resolveAdminPassword', () => {
  it('uses ADMIN_PASSWORD when it is set and writes nothing', async () => {
    const { deps } = site()
    const dir = newDataDir()
    expect(await resolveAdminPassword(deps.db, dir, 'configured-secret', NOW)).toBe('configured-secret')
    expect(existsSync(join(dir, ADMIN_PASSWORD_FILE))).toBe(false)
  })

  it('generates a password once, stores it with mode 0600, prints it once on a terminal and reuses it', async () => {
    const { deps } = site()
    const dir = newDataDir()
    const lines: string[] = []
    const first = await resolveAdminPassword(deps.db, dir, undefined, NOW, (l) => lines.push(l), true)
    expect(first).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(statSync(join(dir, ADMIN_PASSWORD_FILE)).mode & 0o777).toBe(0o600)
    expect(await resolveAdminPassword(deps.db, dir, undefined, NOW, (l) => lines.push(l), true)).toBe(first)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(first!)
  })

  it('names only the file, never the password, when stdout is not a terminal', async () => {
    const { deps } = site()
    const dir = newDataDir()
    const lines: string[] = []
    const password = await resolveAdminPassword(deps.db, dir, undefined, NOW, (l) => lines.push(l), false)
    expect(lines).toEqual([`Admin password generated: read it from ${join(dir, ADMIN_PASSWORD_FILE)} (mode 0600)`])
    expect(lines[0]).not.toContain(password!)
  })

  it('is made once for instances starting together on one database: printed once, its hash admits it on every instance', async () => {
    const t = site()
    const second = makeSecondInstance(t)
    opened.push(second.close)
    const lines: string[] = []
    const answers = await Promise.all(
      [t.deps, second.deps].map((deps) => resolveAdminPassword(deps.db, newDataDir(), undefined, NOW, (l) => lines.push(l), true)),
    )
    const made = answers.filter((a) => a !== undefined)
    expect(made).toHaveLength(1)
    expect(lines).toHaveLength(1)
    for (const app of [t.app, second.app]) {
      expect((await call(app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: basic(made[0]!) })).status).toBe(200)
      expect((await call(app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: ADMIN_BASIC })).status).toBe(401)
    }
  })
})
