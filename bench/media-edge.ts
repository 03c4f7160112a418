/**
 * `bun bench/media-edge.ts [items]`: what media from the edge (MEDIA_PUBLIC_URL) takes off the app tier. Two real
 * servers (production mode, STORAGE=s3 on one s3rver bucket, each its own DATA_DIR), one with media through the app
 * and one with media from the bucket, each seeded with the same fixture photos and video by upload; then, in the same
 * run, a visitor of each rates `items` items as the client does (queue of 10, the file the screen shows fetched whole,
 * view, vote). Prints, per rated item, the bytes the app server sent, the bytes the bucket sent and the server's CPU
 * time (from /proc). Record the table in docs/performance.md > Media from the edge.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import type { RateMedia } from '@contract/media'
import { cpuMs, startHotVote, type Running } from './lib/processes'
import { startS3rver } from '../tests/support/s3-server'
import { FIXTURES_DIR } from '../tests/support/builders'

const ITEMS = Number(process.argv[2] ?? 100)
const ADMIN_PASSWORD = 'bench-admin-password'
const BUCKET = 'bench-edge'

/** A new visitor of server: its user id and cookie. */
async function visitor(server: Running): Promise<{ id: number; cookie: string }> {
  const r = await fetch(server.url + paths.session(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId: crypto.randomUUID().replaceAll('-', '') }),
  })
  const answer = (await r.json()) as { id: number }
  if (!answer.id) throw new Error(`session: ${r.status} ${JSON.stringify(answer)}`)
  const { id } = answer
  return {
    id,
    cookie: r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  }
}

/** Uploads every fixture photo and video once as a new visitor of server. */
async function seed(server: Running): Promise<void> {
  const owner = await visitor(server)
  for (const name of readdirSync(FIXTURES_DIR).filter((n) => /\.(jpe?g|png|webp|mp4)$/.test(n))) {
    const form = new FormData()
    form.append('userId', String(owner.id))
    form.append('file', Bun.file(join(FIXTURES_DIR, name)), name)
    const r = await fetch(server.url + paths.mediaUpload(), {
      method: 'POST',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      body: form,
    })
    if (r.status !== 201) console.warn(`${name}: upload answered ${r.status} ${await r.text()}`)
  }
}

/** Rates count items on server as a fresh visitor; answers bytes received from the app and from elsewhere, and the server's CPU ms. */
async function rate(server: Running, count: number) {
  const bytes = { app: 0, bucket: 0 }
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const absolute = new URL(url, server.url).href
    const body = await (await fetch(absolute, { headers })).arrayBuffer()
    bytes[absolute.startsWith(server.url) ? 'app' : 'bucket'] += body.byteLength
    return body
  }
  const cpuBefore = cpuMs(server.pid)
  let rated = 0
  while (rated < count) {
    // Each pass is a new visitor: the seeded items are fewer than the items rated.
    const me = await visitor(server)
    const queue = JSON.parse(new TextDecoder().decode(await get(paths.mediaQueue(me.id, { limit: 10 }), { cookie: me.cookie })))
    if (!Array.isArray(queue) || queue.length === 0) throw new Error(`queue: ${JSON.stringify(queue)}`)
    for (const item of queue as RateMedia[]) {
      if (rated === count) break
      const shown = item.mimeType.startsWith('video/') ? item.url : (item.variants.find((v) => v.width >= 640) ?? item).url
      await get(shown)
      const json = { 'content-type': 'application/json', cookie: me.cookie, 'sec-fetch-site': 'same-origin' }
      await fetch(server.url + paths.mediaView(item.id), { method: 'POST', headers: json, body: JSON.stringify({ userId: me.id }) })
      const vote = await fetch(server.url + paths.votes(), {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ userId: me.id, mediaId: item.id, isHot: rated % 2 === 0 }),
      })
      bytes.app += (await vote.arrayBuffer()).byteLength
      rated++
    }
  }
  return { ...bytes, cpuMs: cpuMs(server.pid) - cpuBefore }
}

const s3 = await startS3rver(BUCKET)
const dirs = [mkdtempSync(join(tmpdir(), 'hotvote-edge-app-')), mkdtempSync(join(tmpdir(), 'hotvote-edge-bucket-'))]
const base = `${s3.endpoint}/${BUCKET}/`
const start = (dataDir: string, env: Record<string, string>) => {
  const limits = { SESSIONS_PER_ADDRESS_PER_HOUR: '100000', UPLOADS_PER_VISITOR_PER_HOUR: '100000', UPLOADS_PER_ADDRESS_PER_HOUR: '100000' }
  Object.assign(process.env, s3.env, limits, env)
  return startHotVote(dataDir, ADMIN_PASSWORD)
}
const throughApp = await start(dirs[0], { MEDIA_PUBLIC_URL: '' })
const fromBucket = await start(dirs[1], { MEDIA_PUBLIC_URL: base })
try {
  await seed(throughApp)
  await seed(fromBucket)
  const results = { throughApp: await rate(throughApp, ITEMS), fromBucket: await rate(fromBucket, ITEMS) }
  const kb = (n: number) => (n / ITEMS / 1024).toFixed(1)
  console.log(`| media | app-tier KB per rated item | bucket KB per rated item | instance CPU ms per rated item |`)
  console.log('|---|---:|---:|---:|')
  for (const [name, r] of Object.entries(results))
    console.log(
      `| ${name === 'throughApp' ? 'through the app' : 'from the bucket'} | ${kb(r.app)} | ${kb(r.bucket)} | ${(r.cpuMs / ITEMS).toFixed(2)} |`,
    )
} finally {
  await throughApp.stop()
  await fromBucket.stop()
  await s3.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
}
