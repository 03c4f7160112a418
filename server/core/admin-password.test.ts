import { describe, expect, it } from 'bun:test'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN_PASSWORD_FILE, resolveAdminPassword } from './admin-password'

describe('resolveAdminPassword', () => {
  it('uses ADMIN_PASSWORD when it is set and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-pw-'))
    expect(resolveAdminPassword(dir, 'configured-secret')).toBe('configured-secret')
  })

  it('generates a password once, stores it with mode 0600, prints it once on a terminal and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-pw-'))
    const lines: string[] = []
    const first = resolveAdminPassword(dir, undefined, (l) => lines.push(l), true)
    expect(first).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(statSync(join(dir, ADMIN_PASSWORD_FILE)).mode & 0o777).toBe(0o600)
    expect(resolveAdminPassword(dir, undefined, (l) => lines.push(l), true)).toBe(first)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(first)
  })

  it('names only the file, never the password, when stdout is not a terminal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-pw-'))
    const lines: string[] = []
    const password = resolveAdminPassword(dir, undefined, (l) => lines.push(l), false)
    expect(lines).toEqual([`Admin password generated: read it from ${join(dir, ADMIN_PASSWORD_FILE)} (mode 0600)`])
    expect(lines[0]).not.toContain(password)
  })
})
