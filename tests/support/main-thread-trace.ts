/**
 * Main-thread tasks of a page load from a chromium trace (the Performance panel's data): traceFirstScreen() opens a
 * URL in a phone-sized context while chromium traces, and mainThreadTasks() reads the page's renderer main thread
 * tasks from first paint to windowMs after, each with its wall time and its thread (CPU) time, the part of it the
 * task spent in each kind of work, and the script it ran. Thread time is what the task cost the phone's core; wall
 * time also counts the moments another process held it, so on a shared machine only thread time is comparable.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'

/** One trace event as chromium writes it: ts, dur and tdur (thread time) in microseconds. */
export type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

/** One main-thread task: start (ms after first paint), wall and thread time (ms), thread time by kind of work, the scripts it ran. */
export type MainThreadTask = { startMs: number; wallMs: number; cpuMs: number; work: Record<string, number>; scripts: string[] }

/** The first screen's trace figures: first paint, first contentful paint and largest paint (ms after navigation start), the tasks, the raw events. */
export type FirstScreenTrace = {
  firstPaintMs: number
  fcpMs: number | undefined
  lcpMs: number | undefined
  tasks: MainThreadTask[]
  events: TraceEvent[]
}

/** Trace categories: task boundaries with thread time, what ran inside them, paints and the LCP candidates. */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'rail',
]

/** Lighthouse's mobile profile (a Moto G Power): 412 x 823 CSS px at 1.75 device px per px, touch, a phone's user agent. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
}

/** What kind of work a trace event is, for a task's breakdown (undefined: not counted on its own). */
function workKind(name: string): string | undefined {
  if (
    /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.run|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|RunMicrotasks|V8\.RunMicrotasks|v8\.callFunction)$/.test(
      name,
    )
  )
    return 'script'
  if (/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|CompileScript|v8\.produceCache)$/.test(name)) return 'compile'
  if (/GC|V8\.GC/.test(name)) return 'gc'
  if (/^(Layout|UpdateLayoutTree|RecalculateStyles|UpdateLayerTree|PrePaint|Paint|Layerize|Commit)$/.test(name)) return 'layout-paint'
  if (/^(Decode Image|ImageDecodeTask|Decode LazyPixelRef)$/.test(name)) return 'image-decode'
  if (/^(ParseHTML|ParseAuthorStyleSheet)$/.test(name)) return 'parse'
  return undefined
}

type NavigationData = { documentLoaderURL?: string; isLoadingMainFrame?: boolean; navigationId?: string }

/** The traced page's navigation: the main frame's first navigationStart to an http(s) document (its thread is the page's main thread). */
function pageNavigation(events: TraceEvent[]): TraceEvent {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      (e.args?.data as NavigationData | undefined)?.isLoadingMainFrame &&
      /^https?:/.test((e.args?.data as NavigationData | undefined)?.documentLoaderURL ?? ''),
  )
  if (!nav) throw new Error('the trace has no navigation')
  return nav
}

/**
 * The tasks of the page's main thread in events that start between first paint and windowMs after it, with their
 * breakdown (thread time of the outermost events of each kind inside the task) and the scripts they ran. Throws
 * when the trace has no first paint.
 */
export function mainThreadTasks(events: TraceEvent[], windowMs: number): FirstScreenTrace {
  const nav = pageNavigation(events)
  const ofPage = (e: TraceEvent) =>
    e.pid === nav.pid &&
    (e.args?.data as NavigationData | undefined)?.navigationId === (nav.args?.data as NavigationData | undefined)?.navigationId
  const own = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X')
  const paint = events.find((e) => e.name === 'firstPaint' && ofPage(e))
  if (!paint) throw new Error('the trace has no first paint')
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && ofPage(e))
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && ofPage(e)).pop()
  const from = paint.ts
  const to = from + windowMs * 1000
  const runs = own.filter((e) => e.name === 'RunTask' && e.ts >= from && e.ts < to).sort((a, b) => a.ts - b.ts)
  const inner = own.filter((e) => e.name !== 'RunTask').sort((a, b) => a.ts - b.ts)
  const tasks = runs.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    const work: Record<string, number> = {}
    const scripts = new Set<string>()
    let coveredTo = task.ts
    for (const e of inner) {
      if (e.ts < task.ts || e.ts >= end) continue
      const data = e.args?.data as { url?: string; functionName?: string } | undefined
      if (data?.url) scripts.add(`${data.url.replace(/^https?:\/\/[^/]+/, '')}${data.functionName ? ` ${data.functionName}` : ''}`)
      const kind = workKind(e.name)
      // Outermost events of a known kind only, so nested ones (a GC inside a function call) are not counted twice.
      if (!kind || e.ts < coveredTo) continue
      coveredTo = e.ts + (e.dur ?? 0)
      work[kind] = (work[kind] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000
    }
    return {
      startMs: (task.ts - from) / 1000,
      wallMs: (task.dur ?? 0) / 1000,
      cpuMs: (task.tdur ?? task.dur ?? 0) / 1000,
      work,
      scripts: [...scripts].slice(0, 6),
    }
  })
  return {
    firstPaintMs: (paint.ts - nav.ts) / 1000,
    fcpMs: fcp ? (fcp.ts - nav.ts) / 1000 : undefined,
    lcpMs: lcp ? (lcp.ts - nav.ts) / 1000 : undefined,
    tasks,
    events,
  }
}

/** The V8 sampling profiler's trace category: Profile and ProfileChunk events (samples with their call stacks). */
const CPU_PROFILER = 'disabled-by-default-v8.cpu_profiler'

/** One function of a CPU profile: its name and script, ms of samples in it (self) and under it (total, counted once per sample). */
export type ProfiledFunction = { name: string; url: string; selfMs: number; totalMs: number }

type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url: string } }
type ProfileChunkData = { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }

/**
 * The functions the page's main thread ran in a trace recorded with the CPU profiler (traceFirstScreen's cpuProfile),
 * from the samples taken between fromTs and toTs (trace µs), by total time, most first. Program, idle and GC samples
 * are left out (they name no script); a function's name is '(anonymous)' when the build has none.
 */
export function profiledFunctions(events: TraceEvent[], fromTs: number, toTs: number): ProfiledFunction[] {
  const nav = pageNavigation(events)
  // The main thread's profile: the Profile event on the navigation's thread; its chunks share its id.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === nav.pid && e.tid === nav.tid) as
    | (TraceEvent & { id?: string })
    | undefined
  if (!profile) return []
  const start = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts)
  const nodes = new Map<number, ProfileNode>()
  const byFunction = new Map<string, ProfiledFunction>()
  let ts = start
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === nav.pid && (e as { id?: string }).id === profile.id)) {
    const data = chunk.args?.data as ProfileChunkData | undefined
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    const samples = data?.cpuProfile?.samples ?? []
    const deltas = data?.timeDeltas ?? []
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0
      // A sample stands for the time up to the next one.
      const ms = (deltas[i + 1] ?? 0) / 1000
      if (ts < fromTs || ts >= toTs) continue
      const seen = new Set<string>()
      for (let node = nodes.get(samples[i]), leaf = true; node; node = node.parent ? nodes.get(node.parent) : undefined) {
        const { functionName, url } = node.callFrame
        if (!url) {
          leaf = false
          continue
        }
        const key = `${functionName} ${url}`
        const f = byFunction.get(key) ?? {
          name: functionName || '(anonymous)',
          url: url.replace(/^https?:\/\/[^/]+/, ''),
          selfMs: 0,
          totalMs: 0,
        }
        byFunction.set(key, f)
        if (leaf) f.selfMs += ms
        leaf = false
        if (!seen.has(key)) f.totalMs += ms
        seen.add(key)
      }
    }
  }
  return [...byFunction.values()].sort((a, b) => b.totalMs - a.totalMs)
}

/**
 * Opens url in context's new page while chromium traces; prepare(page) runs first (routes, init scripts). The trace
 * ends windowMs after the page's first paint (seen from the page, so bounded by the navigation itself) or after
 * 30 s without one. Answers the trace's main-thread figures (mainThreadTasks). With cpuProfile the trace also holds
 * V8's samples (profiledFunctions reads them; the sampling costs the page some CPU, so tasks' times are then higher).
 */
export async function traceFirstScreen(
  browser: Browser,
  context: BrowserContext,
  url: string,
  windowMs: number,
  prepare?: (page: Page) => Promise<void>,
  { cpuProfile = false }: { cpuProfile?: boolean } = {},
): Promise<FirstScreenTrace> {
  const page = await context.newPage()
  await prepare?.(page)
  await browser.startTracing(page, { categories: cpuProfile ? [...CATEGORIES, CPU_PROFILER] : CATEGORIES })
  let trace: Buffer
  try {
    await page.goto(url)
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, undefined, { timeout: 30_000 })
    const paintedAt = await page.evaluate(() => performance.getEntriesByType('paint')[0].startTime)
    await page.waitForFunction((until) => performance.now() >= until, paintedAt + windowMs, { timeout: windowMs + 30_000, polling: 100 })
  } finally {
    trace = await browser.stopTracing()
  }
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }
  await page.close()
  return mainThreadTasks(traceEvents, windowMs)
}

/** The prefix of the console lines recordLcpUrls has the page write for each LCP entry (followed by the entry's URL). */
const LCP_MARK = 'lcp-entry:'

/** Makes page log the URL of each LCP entry (empty for text) into urls, in order: the trace names no image's URL. */
export async function recordLcpUrls(page: Page, urls: string[]): Promise<void> {
  page.on('console', (m) => void (m.text().startsWith(LCP_MARK) && urls.push(m.text().slice(LCP_MARK.length))))
  await page.addInitScript((mark) => {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) console.log(`${mark}${(e as PerformanceEntry & { url: string }).url}`)
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  }, LCP_MARK)
}

/** A request page sent: its URL, method, and start and (once it has arrived) end time, s (CDP's clock). */
export type TimedRequest = { url: string; method: string; start: number; end?: number }

/**
 * Puts page on Lighthouse's slow mobile network (150-ms round trips, 1.6 Mbit/s down) and answers every request it
 * sends from then on by CDP request id, in the order chromium sends them, each timed as it goes.
 */
export async function onSlowPhoneNetwork(page: Page): Promise<Map<string, TimedRequest>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 93_750,
  })
  const requests = new Map<string, TimedRequest>()
  cdp.on(
    'Network.requestWillBeSent',
    (e) => void requests.set(e.requestId, { url: e.request.url, method: e.request.method, start: e.timestamp }),
  )
  cdp.on('Network.loadingFinished', (e) => void (requests.get(e.requestId) && (requests.get(e.requestId)!.end = e.timestamp)))
  return requests
}
