/**
 * The CLI against what a server may send it: a DMCA filing carrying terminal escape sequences reaches the admin's
 * terminal without them (tables, fields and --json), and the backup and export files it writes are owner-only from
 * their first byte: checked on the finished files of a real server, and while a download is held half-way by a stub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { startServer, type TestServer } from '../support/browser'
import { runCli } from '../support/cli'
import { takedownInput } from '../support/builders'
import { waitFor } from '../support/process-checks'

const ESCAPES = '\u001b]0;pwned\u0007\u001b[2J'
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

const work = mkdtempSync(join(tmpdir(), 'hotvote-cli-safety-'))
let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
})
const hotvote = (args: string[], url = server.url) => runCli(args, work, { HOTVOTE_URL: url, HOTVOTE_ADMIN_PASSWORD: server.adminPassword })
const modeOf = (file: string) => statSync(file).mode & 0o777

describe('server text on the terminal', () => {
  it('prints a DMCA filing without its escape sequences and control characters, in the table and in --json', async () => {
    const filing = { ...takedownInput(), complainantName: `Eve${ESCAPES}Mallory\u009b2J`, complainantEmail: 'eve@example.com' }
    const res = await fetch(`${server.url}${paths.dmcaTakedown()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(filing),
    })
    expect(res.status).toBe(201)

    const table = await hotvote(['dmca', 'ls'])
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('EveMallory')
    expect(table.stdout).not.toMatch(CONTROL)
    expect(table.stdout).not.toContain('pwned')

    const json = await hotvote(['dmca', 'ls', '--json'])
    expect(json.stdout).not.toMatch(CONTROL)
    expect(JSON.parse(json.stdout)[0].complainantName).toBe(filing.complainantName)
  })
})

describe('backup and export files', () => {
  it('are 0600 when written by the CLI, even over an existing file with a wider mode', async () => {
    for (const [args, file] of [
      [['backup', '-o'], join(work, 'backup.sqlite')],
      [['export', 'votes', '-o'], join(work, 'votes.xlsx')],
    ] as const) {
      writeFileSync(file, 'old', { mode: 0o644 })
      const out = await hotvote([...args, file])
      expect(out.code).toBe(0)
      expect({ file, mode: modeOf(file).toString(8) }).toEqual({ file, mode: '600' })
    }
  })

  it('are 0600 while the download is still coming in', async () => {
    // Each answer sends its first 64 KB, then waits for release(); a new hold per download.
    let release = () => {}
    let held = Promise.resolve()
    const hold = () => (held = new Promise<void>((resolve) => (release = resolve)))
    const stub = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(new Uint8Array(64 * 1024).fill(0x61))
              await held
              controller.close()
            },
          }),
        ),
    })
    try {
      for (const [args, name] of [
        [['backup', '-o'], 'held.sqlite'],
        [['export', 'votes', '-o'], 'held.xlsx'],
      ] as const) {
        const dir = mkdtempSync(join(work, 'held-'))
        hold()
        const run = runCli([...args, join(dir, name)], dir, { HOTVOTE_URL: stub.url.href, HOTVOTE_ADMIN_PASSWORD: 'any' })
        let written = ''
        await waitFor(`the first bytes of ${name}`, () =>
          readdirSync(dir).some((f) => f.startsWith(name) && statSync(join(dir, (written = f))).size > 0),
        )
        expect({ written, mode: modeOf(join(dir, written)).toString(8) }).toEqual({ written, mode: '600' })
        expect(statSync(join(dir, written)).size).toBe(64 * 1024)
        release()
        await run
      }
    } finally {
      release()
      stub.stop(true)
    }
  })
})
