/** server/main.ts on PostgreSQL: it starts on DATABASE_URL, warns once about a local media folder, and refuses a database it cannot reach. */
import { expect, it } from 'bun:test'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { ROOT, startServer } from '../support/browser'
import { describePostgres } from '../support/postgres'
import { eventually } from '../support/server-db'

describePostgres('a server on PostgreSQL', (pg) => {
  it('answers ready on DATABASE_URL, and warns in one line that other instances cannot see its STORAGE=fs folder', async () => {
    const server = await startServer({ DATABASE_URL: pg.url, STORAGE: 'fs' })
    try {
      expect((await fetch(`${server.url}${paths.ready()}`)).status).toBe(200)
      const warnings = () =>
        server
          .log()
          .split('\n')
          .filter((line) => line.includes('other instances cannot see'))
      // Log lines reach stdout in batches, up to 100 ms after they are written: wait for the line, then count it.
      await eventually(() => warnings().length, 1)
      expect(warnings()[0]).toContain(
        `DATABASE_URL is set but STORAGE=fs: other instances cannot see the media in ${join(server.dataDir, 'bucket')}; use STORAGE=s3 (or a shared folder) to run several servers`,
      )
    } finally {
      await server.stop()
    }
  })

  it('exits 1 with one line naming DATABASE_URL, without its password, when the database cannot be reached', async () => {
    const proc = Bun.spawn(['bun', 'run', join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://hv:s3cret@127.0.0.1:1/hv?connect_timeout=2',
        ADMIN_PASSWORD: 'x'.repeat(16),
        PORT: '0',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(await proc.exited).toBe(1)
    const stderr = (await new Response(proc.stderr).text()).trim()
    expect(stderr.split('\n')).toHaveLength(1)
    expect(stderr).toStartWith('hotvote: DATABASE_URL: cannot connect to PostgreSQL at postgres://hv:***@127.0.0.1:1/hv')
    expect(stderr).not.toContain('s3cret')
  })
})
