/**
 * The first screen's main thread on a real catalogue (run by hand: `bun bench/first-screen.ts`; needs `npm run build`
 * and Debian chromium). Starts the production server on a data dir seeded with scripts/seed-catalogue.ts (about 35
 * items: camera JPEGs, large PNGs, animated GIFs, MP4s; `--data DIR` reuses a seeded dir, the first run writes
 * catalogue.json into it), then opens / on Lighthouse's phone profile once per kind of first item (the first queue the
 * page carries, or on a server that writes none the first queue answer, is reordered so an item of that kind comes
 * first, then nine others in id order: tests/support/first-screen-document.ts) and /upload, while chromium
 * traces. Prints the LCP element (its file for an image) and the bytes of the requests finished before it, and, from
 * first paint to 5 s after: the main thread's tasks over 50 ms of thread (CPU) time, the
 * longest task by thread and wall time, the thread time of all tasks, and the longest tasks' breakdown and scripts,
 * with the load average at the time; and from first contentful paint on, the longest task's CPU time and the Total
 * Blocking Time those tasks would make at Lighthouse's 4x slowdown of CPU time (wall time on a shared machine is not
 * comparable between runs). Kind `server` (the default) opens / on the queue the server sends, as a new visitor meets
 * it; for every page it prints the bytes received by the end of the window (before any vote: the bench votes on
 * nothing) and the media files asked for in it, in all and per kind of item. `--runs N` repeats each page; `--kinds
 * server,camera,gif` picks kinds; `--profile` also records V8's CPU samples and prints the functions that took the
 * most of the window's main thread (build with `PROFILE_BUILD=1 npm run build` so they have their source names);
 * `--save DIR` writes each trace there (DevTools' Performance panel opens them). `--tasks` lists every task from first
 * contentful paint of at least TASK_LIST_MS of CPU, in order, with the number of those over Lighthouse's 12.5 ms
 * (50 ms at its 4x) and, with `--profile`, the functions that took each one.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { RateMedia } from '../server/contract/media'
import { firstScreenOf, putFirstOnPage } from '../tests/support/first-screen-document'
import { seedCatalogue, type CatalogueItem } from '../scripts/seed-catalogue'
import { launchBrowser, startServer } from '../tests/support/browser'
import {
  PHONE,
  profiledFunctions,
  recordLcpUrls,
  traceFirstScreen,
  type FirstScreenTrace,
  type TraceEvent,
} from '../tests/support/main-thread-trace'

/** The item shown first for each kind: the heaviest of its kind in the catalogue. */
const FIRST_BY_KIND: Record<string, string> = {
  camera: 'camera-meadow-4032x3024.jpg',
  photo: 'dandelion-clocks-portrait.jpg',
  png: 'large-cups-2400x1500.png',
  gif: 'mountain-sunset-animated.gif',
  // The generated 640x400 GIF: on this phone its box takes the 640-px variant, the animation's widest.
  'gif-wide': 'pan-boats-animated.gif',
  video: 'forest-path-zoom.mp4',
}
const WINDOW_MS = 5000
const LONG_TASK_MS = 50
/** Least CPU time of a task --tasks lists, ms. */
const TASK_LIST_MS = 5
/** CPU time over which a task blocks at Lighthouse's 4x slowdown (50 ms of wall time), ms. */
const BLOCKING_CPU_MS = 12.5

const { values: opts } = parseArgs({
  options: {
    data: { type: 'string' },
    runs: { type: 'string', default: '1' },
    kinds: { type: 'string', default: 'server' },
    save: { type: 'string' },
    profile: { type: 'boolean', default: false },
    tasks: { type: 'boolean', default: false },
  },
})
const dataDir = opts.data ?? mkdtempSync(join(tmpdir(), 'hotvote-first-screen-'))
const catalogueFile = join(dataDir, 'catalogue.json')
const server = await startServer({ DATA_DIR: dataDir, UPLOADS_PER_VISITOR_PER_HOUR: '1000', UPLOADS_PER_ADDRESS_PER_HOUR: '1000' })
const browser = await launchBrowser()

/**
 * Bytes received (as sent, compressed) and files of the requests lcp's renderer process sent after navigationTs and
 * that finished before lcp (trace times in microseconds).
 */
function bytesFinishedBefore(events: TraceEvent[], lcp: TraceEvent, navigationTs: number): { bytes: number; files: number } {
  const idOf = (e: TraceEvent) => (e.args?.data as { requestId?: string } | undefined)?.requestId
  const sent = new Set(events.filter((e) => e.name === 'ResourceSendRequest' && e.pid === lcp.pid && e.ts >= navigationTs).map(idOf))
  const done = events.filter((e) => e.name === 'ResourceFinish' && e.pid === lcp.pid && e.ts < lcp.ts && sent.has(idOf(e)))
  const bytes = done.reduce((n, e) => n + Number((e.args?.data as { encodedDataLength?: number } | undefined)?.encodedDataLength ?? 0), 0)
  return { bytes, files: done.length }
}

const MEDIA_FILE = /\/api\/media\/file\//
/** The key of a media file URL shared by an item's file, variants and poster: the stored file's UUID (else the URL). */
const itemKey = (url: string) => url.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0] ?? url
/** The kind of an item by MIME type, for the media counts. */
const kindOfMime = (mimeType: string) => (mimeType === 'image/gif' ? 'gif' : mimeType === 'image/png' ? 'png' : mimeType.split('/')[0])

/**
 * The network figures of the window (navigation to windowMs after the first paint): bytes received (as sent) of all
 * requests finished in it, and the media files asked for in it, in all and by kind of item (kinds: itemKey -> kind);
 * then the bytes received in it by kind of item (`page` for the document, scripts, styles and API answers), a request
 * still loading at the window's end (a video that streams while it plays) counted by the bytes it had received.
 */
function networkOf(t: FirstScreenTrace, kinds: Map<string, string>): string {
  const nav = t.events.find(
    (e) => e.name === 'navigationStart' && /^https?:/.test(String((e.args?.data as { documentLoaderURL?: string })?.documentLoaderURL)),
  )
  if (!nav) return ''
  const end = nav.ts + (t.firstPaintMs + WINDOW_MS) * 1000
  const inWindow = (e: TraceEvent) => e.pid === nav.pid && e.ts >= nav.ts && e.ts < end
  const data = (e: TraceEvent) => (e.args?.data ?? {}) as { requestId?: string; url?: string; encodedDataLength?: number }
  const finished = t.events.filter((e) => e.name === 'ResourceFinish' && inWindow(e))
  const bytes = finished.reduce((n, e) => n + Number(data(e).encodedDataLength ?? 0), 0)
  const sent = t.events.filter((e) => e.name === 'ResourceSendRequest' && inWindow(e))
  const media = sent.filter((e) => MEDIA_FILE.test(String(data(e).url)))
  const byKind = new Map<string, number>()
  for (const e of media) {
    const kind = kinds.get(itemKey(String(data(e).url))) ?? '?'
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1)
  }
  const kindOf = new Map(
    sent.map((e) => [data(e).requestId, MEDIA_FILE.test(String(data(e).url)) ? (kinds.get(itemKey(String(data(e).url))) ?? '?') : 'page']),
  )
  const received = new Map<string, number>()
  const add = (e: TraceEvent) => {
    const kind = kindOf.get(data(e).requestId) ?? 'page'
    received.set(kind, (received.get(kind) ?? 0) + Number(data(e).encodedDataLength ?? 0))
  }
  const done = new Set(finished.map((e) => data(e).requestId))
  for (const e of finished) add(e)
  for (const e of t.events) if (e.name === 'ResourceReceivedData' && inWindow(e) && !done.has(data(e).requestId)) add(e)
  const perKind = [...received].map(([k, n]) => `${k} ${(n / 1024).toFixed(0)} KB`).join(', ')
  return `    window: ${(bytes / 1024).toFixed(0)} KB received, ${media.length} media requests (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}); received by kind, loading ones included: ${perKind}`
}

/** The functions that took the most of the window's main thread (--profile), as lines of text. */
function profileOf(t: FirstScreenTrace): string[] {
  const nav = t.events.find(
    (e) => e.name === 'navigationStart' && /^https?:/.test(String((e.args?.data as { documentLoaderURL?: string })?.documentLoaderURL)),
  )
  if (!nav) return []
  const from = nav.ts + t.firstPaintMs * 1000
  const fns = profiledFunctions(t.events, from, from + WINDOW_MS * 1000)
  const line = (f: (typeof fns)[number]) => `${f.name} ${f.url.replace(/^.*\//, '')} ${f.totalMs.toFixed(0)}/${f.selfMs.toFixed(0)}`
  return [
    `    by total/self ms: ${fns.slice(0, 14).map(line).join('; ')}`,
    `    by self: ${[...fns]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, 12)
      .map(line)
      .join('; ')}`,
  ]
}

/** The figures of a trace as lines of text; with --save, writes the trace to DIR/<label>-<run>.json. */
function report(label: string, run: number, t: FirstScreenTrace, lcpUrls: string[] = [], kinds = new Map<string, string>()): string {
  if (opts.save) writeFileSync(join(opts.save, `${label.replace(/\W+/g, '-')}-${run}.json`), JSON.stringify({ traceEvents: t.events }))
  const long = t.tasks.filter((k) => k.cpuMs > LONG_TASK_MS)
  const cpu = t.tasks.reduce((n, k) => n + k.cpuMs, 0)
  const maxCpu = Math.max(0, ...t.tasks.map((k) => k.cpuMs))
  const maxWall = Math.max(0, ...t.tasks.map((k) => k.wallMs))
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  const lcp = t.events.filter((e) => e.name === 'largestContentfulPaint::Candidate').pop()
  const lcpData = lcp?.args?.data as { nodeName?: string } | undefined
  const lcpUrl = lcpUrls.filter((url) => url).pop()
  const lcpFile = lcpUrl ? ` ${lcpUrl.replace(/^.*\/media\/file\/media\/[^/]+\/[^/]+\//, '')}` : ''
  const before = lcp && t.lcpMs !== undefined ? bytesFinishedBefore(t.events, lcp, lcp.ts - t.lcpMs * 1000) : undefined
  // Tasks from first contentful paint on: the span Lighthouse's Total Blocking Time counts (at 4x the duration).
  const afterFcp = t.tasks.filter((k) => t.fcpMs !== undefined && k.startMs >= t.fcpMs - t.firstPaintMs)
  const maxAfterFcp = Math.max(0, ...afterFcp.map((k) => k.cpuMs))
  const cpuTbt = afterFcp.reduce((n, k) => n + Math.max(0, 4 * k.cpuMs - 50), 0)
  const head = `${label.padEnd(14)} FP ${t.firstPaintMs.toFixed(0)} ms, FCP ${t.fcpMs?.toFixed(0) ?? '-'} ms, longest from FCP ${maxAfterFcp.toFixed(1)} ms CPU (TBT of 4x CPU ${cpuTbt.toFixed(0)} ms), LCP ${t.lcpMs?.toFixed(0) ?? '-'} ms (${lcpData?.nodeName?.split(' ')[0] ?? '-'}${lcpFile}; ${before ? `${(before.bytes / 1024).toFixed(0)} KB in ${before.files} files before it` : '-'}); tasks > ${LONG_TASK_MS} ms CPU: ${long.length}; longest ${maxCpu.toFixed(1)} ms CPU / ${maxWall.toFixed(1)} ms wall; all tasks ${cpu.toFixed(0)} ms CPU; load ${load}`
  const top = [...t.tasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 3)
  const lines = top.map(
    (k) =>
      `    +${k.startMs.toFixed(0)} ms: ${k.cpuMs.toFixed(1)} ms CPU (${k.wallMs.toFixed(1)} wall) ${Object.entries(k.work)
        .map(([w, ms]) => `${w} ${ms.toFixed(1)}`)
        .join(', ')} | ${k.scripts.join('; ')}`,
  )
  return [head, networkOf(t, kinds), ...(opts.profile ? profileOf(t) : []), ...lines, ...(opts.tasks ? tasksOf(t, afterFcp) : [])].join(
    '\n',
  )
}

/**
 * The tasks of at least TASK_LIST_MS of CPU among tasks (from first contentful paint on), in order, as lines of text;
 * with --profile each with the functions that took it (by total and self time, the React scheduler's and the
 * renderer's own wrappers included).
 */
function tasksOf(t: FirstScreenTrace, tasks: FirstScreenTrace['tasks']): string[] {
  const nav = t.events.find(
    (e) => e.name === 'navigationStart' && /^https?:/.test(String((e.args?.data as { documentLoaderURL?: string })?.documentLoaderURL)),
  )
  const listed = tasks.filter((k) => k.cpuMs >= TASK_LIST_MS)
  const blocking = tasks.filter((k) => k.cpuMs > BLOCKING_CPU_MS)
  const lines = [
    `    tasks from FCP over ${BLOCKING_CPU_MS} ms CPU: ${blocking.length} (${blocking.map((k) => k.cpuMs.toFixed(1)).join(', ')} ms)`,
  ]
  for (const k of listed) {
    lines.push(
      `    task +${k.startMs.toFixed(0)} ms: ${k.cpuMs.toFixed(1)} ms CPU (${k.wallMs.toFixed(1)} wall) ${Object.entries(k.work)
        .map(([w, ms]) => `${w} ${ms.toFixed(1)}`)
        .join(', ')}`,
    )
    if (!opts.profile || !nav) continue
    const from = nav.ts + (t.firstPaintMs + k.startMs) * 1000
    const fns = profiledFunctions(t.events, from, from + k.wallMs * 1000)
    const line = (f: (typeof fns)[number]) => `${f.name} ${f.totalMs.toFixed(1)}/${f.selfMs.toFixed(1)}`
    lines.push(`      by total/self ms: ${fns.slice(0, 16).map(line).join('; ')}`)
    lines.push(
      `      by self: ${[...fns]
        .sort((a, b) => b.selfMs - a.selfMs)
        .slice(0, 10)
        .map(line)
        .join('; ')}`,
    )
  }
  return lines
}

try {
  let catalogue: CatalogueItem[]
  if (existsSync(catalogueFile)) catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as CatalogueItem[]
  else {
    const t0 = performance.now()
    catalogue = await seedCatalogue(server.url)
    writeFileSync(catalogueFile, JSON.stringify(catalogue))
    console.log(`seeded ${catalogue.length} items in ${((performance.now() - t0) / 1000).toFixed(0)} s into ${dataDir}`)
  }
  for (let run = 0; run < Number(opts.runs); run++) {
    for (const kind of opts.kinds.split(',')) {
      const first = catalogue.find((i) => i.name === FIRST_BY_KIND[kind])
      if (!first && kind !== 'server') throw new Error(`no ${kind} item in the catalogue`)
      const context = await browser.newContext(PHONE)
      const lcpUrls: string[] = []
      // The kind of each item the page was given (its first screen and queue answers), by itemKey.
      const kinds = new Map<string, string>()
      const learn = (items: RateMedia[]) => {
        for (const i of items) kinds.set(itemKey(i.url), kindOfMime(i.mimeType))
      }
      const trace = await traceFirstScreen(
        browser,
        context,
        `${server.url}/`,
        WINDOW_MS,
        async (page) => {
          await recordLcpUrls(page, lcpUrls)
          page.on('response', async (res) => {
            if (res.url() === `${server.url}/`) learn(firstScreenOf(await res.text())?.queue ?? [])
            else if (/\/api\/media\/queue\//.test(res.url())) learn((await res.json().catch(() => [])) as RateMedia[])
          })
          if (!first) return
          const served = await putFirstOnPage(page, server.url, first.id)
          let reordered = false
          await page.route(/\/api\/media\/queue\//, async (route) => {
            if (reordered || served()) return route.continue()
            reordered = true
            const url = new URL(route.request().url())
            url.searchParams.set('limit', '50')
            const all = (await (await route.fetch({ url: url.toString() })).json()) as RateMedia[]
            const head = all.find((i) => i.id === first.id)
            const rest = all
              .filter((i) => i.id !== first.id)
              .sort((a, b) => a.id - b.id)
              .slice(0, 9)
            await route.fulfill({ json: head ? [head, ...rest] : rest })
          })
        },
        { cpuProfile: opts.profile },
      )
      console.log(report(`/ ${kind}`, run, trace, lcpUrls, kinds))
      await context.close()
    }
    const context = await browser.newContext(PHONE)
    const upload = await traceFirstScreen(browser, context, `${server.url}/upload`, WINDOW_MS, undefined, { cpuProfile: opts.profile })
    console.log(report('/upload', run, upload))
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
