/** `hotvote media duplicates --near` run as a real process against a real server (docs/media-pipeline.md > Near duplicates). */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { NearDuplicateGroup } from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { FIXTURES, startServer, type TestServer } from '../support/browser'
import { runCli } from '../support/cli'
import { seedUploads } from '../support/seed'

let server: TestServer
let ids: { original: number; copy: number; unrelated: number }
const work = mkdtempSync(join(tmpdir(), 'hotvote-cli-near-'))
beforeAll(async () => {
  server = await startServer()
  const bytes = await sharp(join(FIXTURES, 'tabby-cat.png')).resize(200).jpeg({ quality: 60 }).toBuffer()
  const copy = new File([new Uint8Array(bytes)], 'tabby-cat-repost.jpg', { type: 'image/jpeg' })
  const { mediaIds } = await seedUploads(server, ['tabby-cat.png', copy, 'yellow-daisy.webp'])
  ids = { original: mediaIds[0], copy: mediaIds[1], unrelated: mediaIds[2] }
})
afterAll(() => server?.stop())

/** Runs hotvote with the server's URL and password in the environment. */
const hotvote = (args: string[]) => runCli(args, work, { HOTVOTE_URL: server.url, HOTVOTE_ADMIN_PASSWORD: server.adminPassword })

describe('hotvote media duplicates --near', () => {
  it('lists the near group with its ids, oldest first, as JSON and for people', async () => {
    const json = await hotvote(['media', 'duplicates', '--near', '--json'])
    expect(json.code).toBe(0)
    const answer = JSON.parse(json.stdout) as { distance: number; groups: NearDuplicateGroup[] }
    expect(answer.distance).toBe(10)
    expect(answer.groups.map((g) => ({ oldestId: g.oldestId, items: g.items.map((i) => [i.id, i.oldest, i.hidden]) }))).toEqual([
      {
        oldestId: ids.original,
        items: [
          [ids.original, true, false],
          [ids.copy, false, false],
        ],
      },
    ])
    expect(answer.groups[0].items[1].distance).toBeLessThanOrEqual(10)

    const people = await hotvote(['media', 'duplicates', '--near'])
    expect(people.code).toBe(0)
    const lines = people.stdout.trim().split('\n')
    expect(lines[0]).toBe('1 near-duplicate groups (distance at most 10)')
    expect(lines.slice(2).map((line) => Number(line.trim().split('\t')[0]))).toEqual([ids.original, ids.copy])
    expect(lines[2]).toEndWith('\toldest')
    expect(people.stdout).not.toContain(`${ids.unrelated}\t`)
  })

  it('no longer lists the group once the admin dismissed it', async () => {
    const res = await fetch(`${server.url}${paths.adminDismissNearDuplicates()}`, {
      method: 'POST',
      headers: { authorization: server.adminAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [ids.original, ids.copy] }),
    })
    expect(res.status).toBe(200)
    const json = await hotvote(['media', 'duplicates', '--near', '--json'])
    expect(JSON.parse(json.stdout)).toEqual({ distance: 10, groups: [] })
  })
})
