/**
 * The bytes a phone receives on `/` with a video first, before any vote (run by hand: `bun bench/first-video-bytes.ts
 * --data DIR`; needs `npm run build` and Debian chromium): starts the production server on DIR, a data dir seeded by
 * bench/first-screen.ts (its catalogue.json), opens / on Lighthouse's phone profile with forest-path-zoom.mp4 (1280x720,
 * 2.3 MB) at the head of the first queue, waits until the rate screen's video can play (its element mounts once the
 * poster has settled) and AFTER_PLAYING_MS more, and prints the bytes received by then: the head's video files, the
 * posters, the other media (the next items warmed) and the page itself, with the file the video plays and the load
 * average. `--base ROOT --base-data DIR` also runs the tree at ROOT (another checkout, built) on its own seeded dir,
 * its runs interleaved with this tree's; `--runs N` repeats each.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { freePort, launchBrowser, ROOT } from '../tests/support/browser'
import { PHONE } from '../tests/support/main-thread-trace'
import { putFirstOnPage } from '../tests/support/first-screen-document'

const FIRST = 'forest-path-zoom.mp4'
const AFTER_PLAYING_MS = 5000
const BOX_VIDEO = 'button[aria-label="Open full-screen viewer"] video'

const { values: opts } = parseArgs({
  options: { data: { type: 'string' }, base: { type: 'string' }, 'base-data': { type: 'string' }, runs: { type: 'string', default: '3' } },
})
if (!opts.data) throw new Error('--data DIR (a data dir seeded by bench/first-screen.ts) is required')

/** Starts the server of the tree at root on the seeded dataDir; answers its URL, process and the first item's id. */
async function start(root: string, dataDir: string) {
  const port = freePort()
  const url = `http://127.0.0.1:${port}`
  const proc = Bun.spawn(['bun', 'run', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, ADMIN_PASSWORD: 'bench-admin-password' },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  const up = () =>
    fetch(`${url}/api/site-settings`).then(
      (r) => r.status < 500,
      () => false,
    )
  for (let i = 0; i < 600 && !(await up()); i++) await Bun.sleep(100)
  const catalogue = (await Bun.file(join(dataDir, 'catalogue.json')).json()) as { id: number; name: string }[]
  const first = catalogue.find((c) => c.name === FIRST)
  if (!first) throw new Error(`${dataDir} has no ${FIRST}`)
  return { url, proc, firstId: first.id }
}

const trees = [{ label: 'this tree', ...(await start(ROOT, opts.data)) }]
if (opts.base && opts['base-data']) trees.unshift({ label: 'base', ...(await start(opts.base, opts['base-data'])) })
const browser = await launchBrowser()
const kb = (n: number) => `${Math.round(n / 1024)} KB`

/** One run on tree: the bytes received by kind, as a line of text. */
async function measure(tree: (typeof trees)[number]): Promise<string> {
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  await putFirstOnPage(page, tree.url, tree.firstId)
  const cdp = await context.newCDPSession(page)
  const requests = new Map<string, { url: string; received: number; finished?: number }>()
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, received: 0 }))
  cdp.on('Network.dataReceived', (e) => {
    const r = requests.get(e.requestId)
    if (r) r.received += Math.max(e.encodedDataLength, e.dataLength)
  })
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId)
    if (r) r.finished = e.encodedDataLength
  })
  await cdp.send('Network.enable')
  await page.goto(`${tree.url}/`, { waitUntil: 'load' })
  const playing = await page
    .waitForFunction((s) => ((document.querySelector(s) as HTMLVideoElement | null)?.readyState ?? 0) >= 3, BOX_VIDEO, { timeout: 60_000 })
    .then(
      () => true,
      () => false,
    )
  await Bun.sleep(AFTER_PLAYING_MS)
  const played = await page.evaluate((s) => (document.querySelector(s) as HTMLVideoElement | null)?.currentSrc ?? '', BOX_VIDEO)
  await context.close()
  const files = [...requests.values()].map((r) => ({ url: r.url, bytes: r.finished ?? r.received }))
  const sum = (keep: (url: string) => boolean) => files.filter((f) => keep(f.url)).reduce((n, f) => n + f.bytes, 0)
  const media = (url: string) => url.includes('/api/media/file/')
  const load = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ')
  return `${tree.label.padEnd(9)} total ${kb(sum(() => true))}: videos ${kb(sum((u) => media(u) && u.includes('.mp4')))}, posters ${kb(sum((u) => u.includes('/poster.webp')))}, other media ${kb(sum((u) => media(u) && !u.includes('.mp4') && !u.includes('/poster.webp')))}, page ${kb(sum((u) => !media(u)))}; ${playing ? 'plays' : 'never played'} ${played.replace(/^.*\/api\/media\/file\//, '')}; load ${load}`
}

try {
  for (let run = 1; run <= Number(opts.runs); run++) for (const tree of trees) console.log(`run ${run} ${await measure(tree)}`)
} finally {
  await browser.close()
  for (const tree of trees) tree.proc.kill()
}
