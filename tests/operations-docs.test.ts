/**
 * docs/operations.md and docs/operations/: the metrics table, the example Grafana dashboard and the Prometheus alert
 * rules name only metrics that GET /metrics serves (a renamed metric would leave an empty panel or an alert that
 * never fires), and the table names every hotvote_* family the server serves.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { call, makeTestApp } from './support/test-app'

const DOCS = join(import.meta.dir, '..', 'docs')
const TOKEN = 'a-metrics-token-for-docs-tests'
const t = makeTestApp({ METRICS_TOKEN: TOKEN })
afterAll(t.cleanup)

/** The metric names (hotvote_*, process_*, nodejs_*) a file under docs/ mentions. */
const metricNamesIn = (file: string) => [
  ...new Set(readFileSync(join(DOCS, file), 'utf8').match(/\b(?:hotvote|process|nodejs)_[a-z0-9_]+\b/g) ?? []),
]

/** Whether the scrape text declares name, or name is a histogram's _bucket/_sum/_count series of a declared histogram. */
function served(text: string, name: string): boolean {
  if (text.includes(`# TYPE ${name} `)) return true
  const base = name.replace(/_(bucket|sum|count)$/, '')
  return base !== name && text.includes(`# TYPE ${base} histogram`)
}

/** The scrape text of /metrics. */
const scrape = async () => (await call(t.app, 'GET', '/metrics', undefined, { headers: { authorization: `Bearer ${TOKEN}` } })).text

describe('docs/operations', () => {
  for (const file of ['operations/grafana-dashboard.json', 'operations/alert-rules.yml', 'operations.md']) {
    it(`${file} names only metrics that /metrics serves`, async () => {
      const names = metricNamesIn(file)
      expect(names.length).toBeGreaterThan(4)
      const text = await scrape()
      for (const name of names) expect({ name, served: served(text, name) }).toEqual({ name, served: true })
    })
  }

  it('operations.md names every hotvote_* family /metrics serves', async () => {
    const served = [...(await scrape()).matchAll(/^# TYPE (hotvote_[a-z0-9_]+) /gm)].map((m) => m[1])
    expect(served.length).toBeGreaterThan(4)
    const named = metricNamesIn('operations.md')
    expect(served.filter((name) => !named.includes(name))).toEqual([])
  })

  it('the dashboard is valid JSON with a query on every panel', () => {
    const dashboard = JSON.parse(readFileSync(join(DOCS, 'operations', 'grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[]
    }
    for (const panel of dashboard.panels) expect(panel.targets.length).toBeGreaterThan(0)
  })
})
