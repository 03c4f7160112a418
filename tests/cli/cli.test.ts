/** The hotvote CLI run as a real process against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import ExcelJS from 'exceljs'
import { mkdtempSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FIXTURES, ROOT, startServer, type TestServer } from '../support/browser'
import { newVisitor, seedUploads } from '../support/seed'
import { runCli } from '../support/cli'
import { serverSql } from '../support/test-app'
import { startFlakyProxy } from '../support/flaky-proxy'
import { paddedVideo } from '../support/tus'
import { MB } from '@contract/media'

let server: TestServer
const work = mkdtempSync(join(tmpdir(), 'hotvote-cli-'))
beforeAll(async () => {
  server = await startServer()
  await seedUploads(server, ['tabby-cat.png', 'yellow-daisy.webp', 'storm-over-highway.jpg'])
  // An idle visitor for purge to find.
  await newVisitor(server)
})
afterAll(() => server?.stop())

/** Runs hotvote with the server's URL and password in the environment. */
const hotvote = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, work, { HOTVOTE_URL: server.url, HOTVOTE_ADMIN_PASSWORD: server.adminPassword, ...env })

describe('hotvote', () => {
  it('prints database counts for people and as JSON', async () => {
    const people = await hotvote(['stats'])
    expect(people.code).toBe(0)
    expect(people.stdout).toMatch(/media\s+3/)
    expect(JSON.parse((await hotvote(['stats', '--json'])).stdout)).toEqual({
      totalUsers: 2,
      totalMedia: 3,
      totalVotes: 0,
      totalViews: 0,
      durationMs: expect.any(Number),
    })
  })

  it('fails with exit 1 and a clear message for a wrong password, and for an unreachable server', async () => {
    const wrong = await hotvote(['stats'], { HOTVOTE_ADMIN_PASSWORD: 'wrong' })
    expect(wrong.code).toBe(1)
    // The client's rule: `<status>: <server's error text>`, plus where the credentials come from.
    expect(wrong.stderr).toStartWith('401: Admin authentication required (check --user and --password')
    expect(wrong.stderr).not.toContain('    at ')
    const down = await hotvote(['stats', '--url', 'http://127.0.0.1:9'])
    expect(down.code).toBe(1)
    expect(down.stderr).toContain('error: cannot reach the server at http://127.0.0.1:9')
  })

  it('passes an id out of range to the server, which refuses it with a 400 the CLI prints (exit 1)', async () => {
    for (const id of ['2147483648', '1e23', '0', '1.5']) {
      const out = await hotvote(['dmca', 'set', id, 'resolved'])
      expect({ id, code: out.code, stderr: out.stderr.trim() }).toEqual({
        id,
        code: 1,
        stderr: '400: id must be an integer from 1 to 2147483647',
      })
    }
  })

  it('exits 2 for an unknown command, a missing argument or no password', async () => {
    expect((await hotvote(['nope'])).code).toBe(2)
    expect((await hotvote(['dmca', 'set', '1'])).code).toBe(2)
    const noPassword = await hotvote(['stats'], { HOTVOTE_ADMIN_PASSWORD: '' })
    expect(noPassword.code).toBe(2)
    expect(noPassword.stderr).toContain('no admin password')
  })

  it('reads the password from a file and from standard input', async () => {
    const file = join(work, 'pw')
    writeFileSync(file, `${server.adminPassword}\n`)
    expect((await hotvote(['--password-file', file, 'stats'], { HOTVOTE_ADMIN_PASSWORD: '' })).code).toBe(0)
    const proc = Bun.spawn(['bun', join(ROOT, 'cli', 'main.ts'), '--password-stdin', 'stats', '--json'], {
      cwd: work,
      env: { ...process.env, HOTVOTE_URL: server.url, HOTVOTE_ADMIN_PASSWORD: '' },
      stdin: new Blob([`${server.adminPassword}\n`]),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(await proc.exited).toBe(0)
  })

  it('shows a purge with --dry-run without changing anything, then purges with --yes', async () => {
    const dry = JSON.parse((await hotvote(['purge', '--dry-run', '--json'])).stdout)
    expect(dry).toMatchObject({ dryRun: true, inactiveUsers: 1, totalUsers: 2 })
    expect(JSON.parse((await hotvote(['stats', '--json'])).stdout).totalUsers).toBe(2)
    expect((await hotvote(['purge'])).code).toBe(2)
    expect(JSON.parse((await hotvote(['purge', '--yes', '--json'])).stdout)).toMatchObject({ deletedCount: 1, remainingUsers: 1 })
  })

  it('populates to completion and exports votes that exceljs reads back one row per vote', async () => {
    const pop = JSON.parse((await hotvote(['populate', '--json'])).stdout)
    expect(pop).toMatchObject({ success: true, paused: false, mediaProcessed: 3, totalMediaCount: 3 })
    const file = join(work, 'votes.xlsx')
    const out = await hotvote(['export', 'votes', '-o', file])
    expect(out.code).toBe(0)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    expect(workbook.worksheets[0].rowCount - 1).toBe(pop.totalVotesInserted)
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, 'user_id', 'media_id', 'is_hot', 'voted_at'])
    const audit = await hotvote(['export', 'audit', '--event', 'VOTE_POPULATION_RUN'])
    expect(audit.code).toBe(0)
    expect(existsSync(join(work, `audit-logs-${new Date().toISOString().slice(0, 10)}.json`))).toBe(true)
  })

  it('uploads a folder into the bucket, skipping what is not media, and imports it', async () => {
    const folder = join(work, 'drop')
    await Bun.write(join(folder, 'notes.txt'), 'not media')
    await Bun.write(join(folder, 'sub', 'boats.jpg'), Bun.file(join(FIXTURES, 'rowing-boats-sunset.jpg')))
    await Bun.write(join(folder, 'clip.mp4'), Bun.file(join(FIXTURES, 'rowing-boats-pan.mp4')))
    const up = await hotvote(['upload', folder, '--json', '--state', join(work, 'uploads.json')])
    expect(up.code).toBe(0)
    const results = JSON.parse(up.stdout) as { file: string; status: string; reason?: string }[]
    expect(results.map((r) => [r.file.replace(`${folder}/`, ''), r.status]).sort()).toEqual([
      ['clip.mp4', 'uploaded'],
      ['notes.txt', 'skipped'],
      ['sub/boats.jpg', 'uploaded'],
    ])
    expect(results.find((r) => r.status === 'skipped')!.reason).toBe('Only JPEG, PNG, GIF, WebP images and MP4 videos are accepted')
    const imported = JSON.parse((await hotvote(['import', '--json'])).stdout)
    expect(imported).toMatchObject({ imported: 2 })
  })

  it('resumes an upload cut part-way: the next run sends only what the server lacks', async () => {
    const file = join(work, 'long.mp4')
    const video = await paddedVideo(6 * MB)
    await Bun.write(file, video)
    const state = join(work, 'resume.json')
    const proxy = await startFlakyProxy(server.port, { dropOnceAt: 3 * MB })
    try {
      const args = ['upload', file, '--json', '--state', state, '--chunk-mb', '1', '--url', proxy.url]
      // No retries in the first run: the cut ends it, and the upload's URL stays in the state file.
      const cut = await hotvote([...args, '--retries', '0'])
      expect(cut.code).toBe(1)
      expect(JSON.parse(cut.stdout)[0]).toMatchObject({ status: 'failed' })
      expect(Object.keys(JSON.parse(readFileSync(state, 'utf8')))).toHaveLength(1)
      const sentBefore = proxy.bytesUp()
      const resumed = await hotvote(args)
      expect(resumed.code).toBe(0)
      const [{ status, key }] = JSON.parse(resumed.stdout) as { status: string; key: string }[]
      expect([status, key]).toEqual(['uploaded', expect.stringMatching(/^uploads\/.*\.mp4$/)])
      // The second run sent the missing part (plus requests' headers), not the whole file again.
      expect(proxy.bytesUp() - sentBefore).toBeLessThan(video.length - MB)
      expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual({})
      const listed = JSON.parse((await hotvote(['bucket', 'ls', '--checksums', '--json'])).stdout).files as {
        key: string
        sha256: string
      }[]
      expect(listed.find((f) => f.key === key)?.sha256).toBe(new Bun.CryptoHasher('sha256').update(video).digest('hex'))
    } finally {
      proxy.stop()
    }
  })

  it('runs the database checks, lists the bucket, and reads and saves a config', async () => {
    const db = JSON.parse((await hotvote(['db', 'test', '--json'])).stdout)
    expect(db.map((c: { check: string; ok: boolean }) => [c.check, c.ok])).toEqual([
      ['connection', true],
      ['schema', true],
      ['counts', true],
      ['queries', true],
    ])
    expect(JSON.parse((await hotvote(['bucket', 'ls', '--json'])).stdout).files).toHaveLength(6)
    const refused = await hotvote(['bucket', 'rm', '../x', '--json'])
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stdout).errors).toEqual(['../x: invalid key, not touched'])
    expect((await hotvote(['config', 'set', 'vote-multiplier', '{"isEnabled":true,"multiplier":3}'])).code).toBe(0)
    expect(JSON.parse((await hotvote(['config', 'get', 'vote-multiplier', '--json'])).stdout)).toMatchObject({
      isEnabled: true,
      multiplier: 3,
    })
    const bad = await hotvote(['config', 'set', 'vote-multiplier', '{"isEnabled":true,"multiplier":0}'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe('400: Vote multiplier must be greater than 0\n')
    expect((await hotvote(['config', 'get', 'colour'])).code).toBe(2)
    expect(JSON.parse((await hotvote(['fix-sequence', '--json'])).stdout)).toMatchObject({ nextUserId: expect.any(Number) })
  })
  it('reprocesses media stored without variants once: a dry run counts, a run processes, a second run does nothing', async () => {
    const db = serverSql(server.dataDir)
    await db.run('update media set variants = null, placeholder = null, processed_at = null')
    const total = (await db.get<{ n: number }>('select count(*) as n from media'))!.n
    const dry = await hotvote(['media', 'reprocess', '--dry-run', '--json'])
    expect(JSON.parse(dry.stdout)).toEqual({ dryRun: true, pending: total })
    const run = await hotvote(['media', 'reprocess'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`processed\\s+${total}`))
    expect(await db.get('select count(*) as n from media where processed_at is null or placeholder is null')).toEqual({ n: 0 })
    expect(JSON.parse((await hotvote(['media', 'reprocess', '--json'])).stdout)).toEqual({ processed: 0, failed: 0, errors: [] })
    db.close()
  })
})
