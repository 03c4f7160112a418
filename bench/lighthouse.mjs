/**
 * Lighthouse (mobile preset, simulated throttling) on a running server (run by hand with node; Lighthouse is not a
 * project dependency: install it in a temp dir and pass that dir, see docs/accessibility.md > Lighthouse). Each run is
 * a new visitor (a fresh browser profile: no cookie, no service worker, no cache) on the queue the server sends, as a
 * visitor meets it; seed the server with `bun scripts/seed-catalogue.ts URL --shuffle` so that queue mixes every kind.
 * With `--first ID` the item is put at the head of the first queue and nine others follow in id order, as
 * bench/first-screen.ts does, so each kind of first item can be measured in turn: in the first screen the page GET /
 * carries (the page is fetched here and rewritten by tests/support/first-screen-document.ts, run with bun), or, from a server
 * that writes none, in the first GET /api/media/queue answer.
 *
 *   node bench/lighthouse.mjs --lh /tmp/lh --url http://localhost:3105 --page / [--first 12] [--runs 5]
 *
 * Prints one line per run (scores, LCP, TBT, bytes transferred, the media files asked for in the first 5 s of the
 * load and their bytes, load average), then the median run's line and the worst run's (by performance score);
 * `--save DIR` writes each run's report (JSON) there.
 */
import { dirname, join } from 'node:path'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const { values: opts } = parseArgs({
  options: {
    lh: { type: 'string' },
    url: { type: 'string' },
    page: { type: 'string', default: '/' },
    first: { type: 'string' },
    runs: { type: 'string', default: '5' },
    save: { type: 'string' },
  },
})
if (!opts.lh || !opts.url) throw new Error('usage: node bench/lighthouse.mjs --lh DIR --url URL [--page /] [--first ID] [--runs 5]')
const { default: lighthouse } = await import(join(opts.lh, 'node_modules', 'lighthouse', 'core', 'index.js'))
// puppeteer-core's ES module entry: lib/esm/ since version 19, lib/ before.
const puppeteerDir = join(opts.lh, 'node_modules', 'puppeteer-core', 'lib')
const puppeteerEntry = ['esm', ''].map((d) => join(puppeteerDir, d, 'puppeteer', 'puppeteer-core.js')).find((f) => existsSync(f))
const { default: puppeteer } = await import(puppeteerEntry)

/** The queue answer with item first at its head (fetched with the page's own cookies, limit 50). */
async function reorderedQueue(requestUrl, headers, first) {
  const url = new URL(requestUrl)
  url.searchParams.set('limit', '50')
  const all = await (await fetch(url, { headers: { cookie: headers.cookie ?? '' } })).json()
  const head = all.filter((i) => i.id === first)
  return [
    ...head,
    ...all
      .filter((i) => i.id !== first)
      .sort((a, b) => a.id - b.id)
      .slice(0, 9),
  ]
}

const here = dirname(fileURLToPath(import.meta.url))
const FIRST_SCREEN = /<script type="application\/json" id="first-screen">([^<]*)<\/script>/

/** The page GET url answers a page load, with item first at the head of the first screen it carries; cookie: the session it set. */
async function pageWithFirst(url, headers, first) {
  const res = await fetch(url, { headers: { ...headers, 'sec-fetch-dest': 'document' } })
  const html = await res.text()
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]
  const data = html.match(FIRST_SCREEN)
  const answer = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: {
      'cache-control': res.headers.get('cache-control') ?? '',
      ...(cookie ? { 'set-cookie': res.headers.getSetCookie()[0] } : {}),
    },
  }
  if (!data) return { ...answer, body: html, served: false }
  const { session } = JSON.parse(data[1])
  const all = await (await fetch(new URL(`/api/media/queue/${session.id}?limit=50`, url), { headers: { cookie } })).json()
  const body = execFileSync(
    join(here, '..', 'node_modules', '.bin', 'bun'),
    [join(here, '..', 'tests', 'support', 'first-screen-document.ts')],
    {
      input: JSON.stringify({ html, all, first }),
      maxBuffer: 1 << 24,
    },
  ).toString()
  return { ...answer, body, served: true }
}

/** Span of the load, from its first request, in which media requests are counted, ms. */
const EARLY_MS = 5000
const MEDIA_FILE = /\/api\/media\/file\//

/** The media files lhr's load asked for in its first EARLY_MS (by request start): count and bytes transferred. */
function earlyMedia(lhr) {
  const media = (lhr.audits['network-requests'].details?.items ?? []).filter(
    (r) => MEDIA_FILE.test(r.url) && r.networkRequestTime !== undefined && r.networkRequestTime < EARLY_MS,
  )
  return { files: media.length, bytes: media.reduce((n, r) => n + (r.transferSize ?? 0), 0) }
}

const rows = []
for (let run = 0; run < Number(opts.runs); run++) {
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    if (opts.first) {
      let reordered = false
      await page.setRequestInterception(true)
      page.on('request', (req) => {
        if (req.isNavigationRequest() && req.url() === `${opts.url}/`) {
          return void pageWithFirst(req.url(), req.headers(), Number(opts.first)).then(({ served, ...answer }) => {
            reordered ||= served
            return req.respond(answer)
          })
        }
        if (reordered || !/\/api\/media\/queue\//.test(req.url())) return void req.continue()
        reordered = true
        void reorderedQueue(req.url(), req.headers(), Number(opts.first)).then((body) =>
          req.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
        )
      })
    }
    const { lhr } = await lighthouse(
      `${opts.url}${opts.page}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      undefined,
      page,
    )
    if (opts.save) {
      mkdirSync(opts.save, { recursive: true })
      writeFileSync(join(opts.save, `lhr-${Date.now()}-${run + 1}.json`), JSON.stringify(lhr))
    }
    const score = (c) => Math.round(lhr.categories[c].score * 100)
    // An audit Lighthouse could not compute in a run (a page error, a trace it could not read) shows as '-'.
    const audit = (a) => ({ numericValue: Number.NaN, ...lhr.audits[a] })
    const early = earlyMedia(lhr)
    const row = {
      performance: score('performance'),
      line: `perf ${score('performance')}, a11y ${score('accessibility')}, bp ${score('best-practices')}, LCP ${(audit('largest-contentful-paint').numericValue / 1000).toFixed(1)} s, TBT ${audit('total-blocking-time').numericValue.toFixed(0)} ms, transfer ${(audit('total-byte-weight').numericValue / 1024).toFixed(0)} KB, media in first ${EARLY_MS / 1000} s ${early.files} files ${(early.bytes / 1024).toFixed(0)} KB, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    }
    rows.push(row)
    console.log(`run ${run + 1}: ${row.line}`)
  } finally {
    await browser.close()
  }
}
const byScore = [...rows].sort((a, b) => a.performance - b.performance)
console.log(`median (${rows.map((r) => r.performance).join(', ')}): ${byScore[Math.floor(rows.length / 2)].line}`)
console.log(`worst: ${byScore[0].line}`)
