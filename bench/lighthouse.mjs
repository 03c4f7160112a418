/**
 * Lighthouse (mobile preset, simulated throttling) on a running server, with a chosen item first on `/` (run by hand
 * with node; Lighthouse is not a project dependency: install it in a temp dir and pass that dir, see docs/accessibility.md >
 * Lighthouse). The first GET /api/media/queue answer is replaced by one with item `--first ID` at its head and nine
 * others in id order, as bench/first-screen.ts does, so each kind of first item can be measured in turn.
 *
 *   node bench/lighthouse.mjs --lh /tmp/lh --url http://localhost:3105 --page / --first 12 --runs 3
 *
 * Prints one line per run (scores, LCP, TBT, bytes transferred, load average) and the median run's line.
 */
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values: opts } = parseArgs({ options: { lh: { type: 'string' }, url: { type: 'string' }, page: { type: 'string', default: '/' }, first: { type: 'string' }, runs: { type: 'string', default: '3' } } })
if (!opts.lh || !opts.url) throw new Error('usage: node bench/lighthouse.mjs --lh DIR --url URL [--page /] [--first ID] [--runs 3]')
const { default: lighthouse } = await import(join(opts.lh, 'node_modules', 'lighthouse', 'core', 'index.js'))
const { default: puppeteer } = await import(join(opts.lh, 'node_modules', 'puppeteer-core', 'lib', 'puppeteer', 'puppeteer-core.js'))

/** The queue answer with item first at its head (fetched with the page's own cookies, limit 50). */
async function reorderedQueue(requestUrl, headers, first) {
  const url = new URL(requestUrl)
  url.searchParams.set('limit', '50')
  const all = await (await fetch(url, { headers: { cookie: headers.cookie ?? '' } })).json()
  const head = all.filter((i) => i.id === first)
  return [...head, ...all.filter((i) => i.id !== first).sort((a, b) => a.id - b.id).slice(0, 9)]
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
        if (reordered || !/\/api\/media\/queue\//.test(req.url())) return void req.continue()
        reordered = true
        void reorderedQueue(req.url(), req.headers(), Number(opts.first)).then((body) => req.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }))
      })
    }
    const { lhr } = await lighthouse(`${opts.url}${opts.page}`, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] }, undefined, page)
    const score = (c) => Math.round(lhr.categories[c].score * 100)
    const audit = (a) => lhr.audits[a]
    const row = {
      performance: score('performance'),
      line: `perf ${score('performance')}, a11y ${score('accessibility')}, bp ${score('best-practices')}, LCP ${(audit('largest-contentful-paint').numericValue / 1000).toFixed(1)} s, TBT ${audit('total-blocking-time').numericValue.toFixed(0)} ms, transfer ${(audit('total-byte-weight').numericValue / 1024).toFixed(0)} KB, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    }
    rows.push(row)
    console.log(`run ${run + 1}: ${row.line}`)
  } finally {
    await browser.close()
  }
}
const median = [...rows].sort((a, b) => a.performance - b.performance)[Math.floor(rows.length / 2)]
console.log(`median (${rows.map((r) => r.performance).join(', ')}): ${median.line}`)
