import { describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './support/browser'

const MAIN = join(ROOT, 'server', 'main.ts')

describe('server start-up', () => {
  it('stops with one line naming the variable when a value is bad', async () => {
    const proc = Bun.spawn(['bun', 'run', MAIN], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'hv-')) },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(await proc.exited).toBe(1)
    const stderr = (await new Response(proc.stderr).text()).trim()
    expect(stderr).toBe('hotvote: bad configuration: PORT: must be a port number')
  })

  it('migrates the database, records the start-up audit events and prints its URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hv-'))
    const port = 40000 + Math.floor(Math.random() * 1000)
    const proc = Bun.spawn(['bun', 'run', MAIN], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'x-start-up-test' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      const reader = proc.stdout.getReader()
      let out = ''
      while (!out.includes('running at')) {
        const { value, done } = await reader.read()
        if (done) break
        out += new TextDecoder().decode(value)
      }
      expect(out).toContain(`HotVote is running at http://localhost:${port}`)
      const session = await fetch(`http://127.0.0.1:${port}/api/session`)
      expect(session.status).toBe(401)
      const db = new Database(join(dataDir, 'hotvote.sqlite'), { readonly: true })
      const events = db.query('select event from audit_logs order by id').all() as { event: string }[]
      db.close()
      expect(events.map((e) => e.event)).toEqual(['DEPLOYMENT_STARTUP', 'DEPLOYMENT_FILE_SYSTEM_CHECK'])
    } finally {
      proc.kill()
      await proc.exited
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
