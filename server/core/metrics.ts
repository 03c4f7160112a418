/**
 * Every Prometheus metric of HotVote (prom-client), in one registry, with one-line recorders for the code that
 * counts. Label values come from small fixed sets (route patterns, methods, status codes, limit names, media kinds),
 * never from a user id, a key, an email address or a raw path, so the number of series stays bounded.
 * docs/operations.md > Metrics documents each family; docs/operations/ holds a dashboard and alert rules built on them.
 */
import client from 'prom-client'

/** The registry GET /metrics serves. */
export const registry = new client.Registry()
/**
 * How often the event-loop lag is sampled, ms: every stall of at least this long delays a sample and is counted with
 * its full length, well under the lag alert's 100 ms (docs/operations/alert-rules.yml); prom-client's default of 10 ms
 * wakes an idle server a hundred times a second.
 */
const EVENT_LOOP_SAMPLE_MS = 50
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS })

/** Latency buckets, seconds: from a cached read (a millisecond) to a slow export (tens of seconds). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** One route pattern, method and status of the HTTP metrics: its requests, their summed seconds and per-bucket counts. */
type HttpSeries = { route: string; method: string; status: string; count: number; sum: number; buckets: number[] }
/** The HTTP series by `route method status`. */
const httpSeries = new Map<string, HttpSeries>()
/** The series of each route pattern, by method and status (methodStatus): found without building a key per request. */
const seriesByRoute = new Map<string, Map<number, HttpSeries>>()

/** A sample as prom-client's registry prints it: metricName (default the family's), labels in order, value. */
type Sample = { metricName?: string; labels: Record<string, string | number>; value: number }

/**
 * A metric family the registry prints from samples() at each scrape. The HTTP families are kept in plain numbers
 * (recordRequest: a Map lookup and a few additions) rather than in prom-client's Counter and Histogram, which hash
 * and check the labels of every request; the registry needs only these fields of a metric.
 */
function scrapedFamily(name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[]) {
  const family = { name, help, type, aggregator: 'sum' as const }
  registry.registerMetric({
    ...family,
    get: async () => ({ ...family, values: samples() }),
    reset: () => {
      httpSeries.clear()
      seriesByRoute.clear()
    },
  } as unknown as client.Metric)
}

scrapedFamily('hotvote_http_requests_total', 'HTTP requests answered, by route pattern, method and status', 'counter', () =>
  [...httpSeries.values()].map((s) => ({ labels: { route: s.route, method: s.method, status: s.status }, value: s.count })),
)
scrapedFamily(
  'hotvote_http_request_duration_seconds',
  'Time from a request read to its answer, by route pattern and method, seconds',
  'histogram',
  () => {
    const byRoute = new Map<string, { route: string; method: string; count: number; sum: number; buckets: number[] }>()
    for (const s of httpSeries.values()) {
      const key = `${s.route} ${s.method}`
      const r = byRoute.get(key) ?? { route: s.route, method: s.method, count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) }
      byRoute.set(key, r)
      r.count += s.count
      r.sum += s.sum
      s.buckets.forEach((n, i) => (r.buckets[i] += n))
    }
    return [...byRoute.values()].flatMap(({ route, method, count, sum, buckets }): Sample[] => {
      const name = 'hotvote_http_request_duration_seconds'
      let below = 0
      return [
        ...LATENCY_BUCKETS.map((le, i) => ({ metricName: `${name}_bucket`, labels: { le, route, method }, value: (below += buckets[i]) })),
        { metricName: `${name}_bucket`, labels: { le: '+Inf', route, method }, value: count },
        { metricName: `${name}_sum`, labels: { route, method }, value: sum },
        { metricName: `${name}_count`, labels: { route, method }, value: count },
      ]
    })
  },
)

const votes = new client.Counter({
  name: 'hotvote_votes_total',
  help: 'Votes recorded (cast) and repeats answered with the first vote (replayed)',
  labelNames: ['outcome'],
  registers: [registry],
})
const uploads = new client.Counter({
  name: 'hotvote_uploads_total',
  help: 'Uploads by claimed media type and outcome (stored, duplicate, too_large, unreadable, busy, failed)',
  labelNames: ['type', 'outcome'],
  registers: [registry],
})
const pipelineDuration = new client.Histogram({
  name: 'hotvote_media_pipeline_duration_seconds',
  help: 'Media pipeline time per item (decode, variants, writes), by kind, seconds',
  labelNames: ['kind'],
  buckets: LATENCY_BUCKETS,
  registers: [registry],
})
const rateLimitRefusals = new client.Counter({
  name: 'hotvote_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit name',
  labelNames: ['limit'],
  registers: [registry],
})
const groupCommitBatch = new client.Histogram({
  name: 'hotvote_group_commit_batch_size',
  help: 'Writes per group-commit transaction',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [registry],
})
const exportRuns = new client.Counter({
  name: 'hotvote_export_runs_total',
  help: 'Vote exports (.xlsx) by outcome (completed, stopped: the client went away, failed)',
  labelNames: ['outcome'],
  registers: [registry],
})
const populationRuns = new client.Counter({
  name: 'hotvote_population_runs_total',
  help: 'Vote population calls (admin maintenance) by outcome (completed, paused: more to do)',
  labelNames: ['outcome'],
  registers: [registry],
})

/** Database statement buckets, seconds: from an SQLite lookup (a tenth of a millisecond) to a stuck transaction. */
const DB_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const dbQueryDuration = new client.Histogram({
  name: 'hotvote_db_query_duration_seconds',
  help: 'Database statement and transaction time by dialect and operation (read, write, transaction), seconds; PostgreSQL includes the wait for a pool connection',
  labelNames: ['dialect', 'operation'],
  buckets: DB_BUCKETS,
  registers: [registry],
})

/** What one database pool reports: connections lent to callers (active) and open but unused (idle), callers waiting for one, its size. */
export type DbPoolUse = { active: number; idle: number; waiting: number; max: number }
/** The open pools of the process, each read at every scrape; none on SQLite. */
const dbPools = new Set<() => DbPoolUse>()
/** The sum of field over the open pools. */
const pooled = (field: keyof DbPoolUse) => [...dbPools].reduce((sum, use) => sum + use()[field], 0)
new client.Gauge({
  name: 'hotvote_db_pool_connections',
  help: 'PostgreSQL pool connections lent to a query or transaction (active) and open but unused (idle); 0 on SQLite',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    this.set({ state: 'active' }, pooled('active'))
    this.set({ state: 'idle' }, pooled('idle'))
  },
})
new client.Gauge({
  name: 'hotvote_db_pool_waiting',
  help: 'Queries and transactions waiting for a PostgreSQL pool connection (every connection is lent); 0 on SQLite',
  registers: [registry],
  collect() {
    this.set(pooled('waiting'))
  },
})
new client.Gauge({
  name: 'hotvote_db_pool_max',
  help: 'Connections the PostgreSQL pool opens at most; 0 on SQLite',
  registers: [registry],
  collect() {
    this.set(pooled('max'))
  },
})

/** What reports the pipeline queue's length; 0 until a queue registers itself. */
let queueLength: () => number = () => 0
new client.Gauge({
  name: 'hotvote_pipeline_queue_length',
  help: 'Media items waiting for the media pipeline',
  registers: [registry],
  collect() {
    this.set(queueLength())
  },
})

/** The readiness check behind hotvote_ready (GET /api/ready's); unset until the health routes register it. */
let readiness: (() => Promise<boolean>) | undefined
new client.Gauge({
  name: 'hotvote_ready',
  help: '1 when GET /api/ready would answer 200 (a database query and a storage head succeed), else 0',
  registers: [registry],
  async collect() {
    if (readiness) this.set((await readiness()) ? 1 : 0)
  },
})

/** The route label of a request that matched no route. */
export const UNMATCHED_ROUTE = 'unmatched'
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The method label of each method counted as itself (METHODS), numbered for methodStatus; every other method is OTHER. */
const METHOD_NUMBERS = new Map([...METHODS, 'OTHER'].map((m, i) => [m, i]))
/** One number per method label and status. */
const methodStatus = (methodNumber: number, status: number) => methodNumber * 1000 + status

/** Records one answered request: route the pattern (UNMATCHED_ROUTE when none), seconds from read to answer. */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  const number = METHOD_NUMBERS.get(method) ?? METHOD_NUMBERS.get('OTHER')!
  let byStatus = seriesByRoute.get(route)
  if (!byStatus) seriesByRoute.set(route, (byStatus = new Map()))
  let s = byStatus.get(methodStatus(number, status))
  if (!s) {
    const m = METHODS.has(method) ? method : 'OTHER'
    s = { route, method: m, status: String(status), count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) }
    byStatus.set(methodStatus(number, status), s)
    httpSeries.set(`${route} ${m} ${status}`, s)
  }
  s.count++
  s.sum += seconds
  for (let i = 0; i < LATENCY_BUCKETS.length; i++)
    if (seconds <= LATENCY_BUCKETS[i]) {
      s.buckets[i]++
      break
    }
}

/** Records one vote: created false is a replay answered with the first vote. */
export const countVote = (created: boolean) => votes.inc({ outcome: created ? 'cast' : 'replayed' })

/** The upload outcome of an error's HTTP status: 409 duplicate, 413 too large (a pipeline limit), 415 unreadable (or not its claimed type), 503 busy (the pipeline queue is full), else failed. */
const uploadFailure = (error: unknown) =>
  ({ 409: 'duplicate', 413: 'too_large', 415: 'unreadable', 503: 'busy' })[(error as { status?: number } | null)?.status ?? 0] ?? 'failed'

/** Counts the upload of type (the MIME type its file name claims) once stored settles: stored, or uploadFailure; answers stored. */
export function countUpload<T>(type: string, stored: Promise<T>): Promise<T> {
  return stored.then(
    (value) => (uploads.inc({ type, outcome: 'stored' }), value),
    (error: unknown) => {
      uploads.inc({ type, outcome: uploadFailure(error) })
      throw error
    },
  )
}

/** Starts timing one item through the media pipeline; call the answer when it is done. */
export const timePipeline = (kind: 'image' | 'video') => pipelineDuration.startTimer({ kind })

/** Records a request refused by the rate limit named limit (a fixed name such as 'uploads_per_address'). */
export const recordRateLimitRefusal = (limit: string) => rateLimitRefusals.inc({ limit })

/** Records the number of writes one group-commit transaction held. */
export const recordGroupCommit = (size: number) => groupCommitBatch.observe(size)

/** Records one vote export run's outcome. */
export const recordExportRun = (outcome: 'completed' | 'stopped' | 'failed') => exportRuns.inc({ outcome })

/** Records one vote population call's outcome. */
export const recordPopulationRun = (outcome: 'completed' | 'paused') => populationRuns.inc({ outcome })

/** A database operation the query histogram tells apart. */
export type DbOperation = 'read' | 'write' | 'transaction'

/**
 * The recorder of one query-histogram series: call it with a statement's or transaction's seconds. Built once per
 * series and kept by the caller, so a statement on the hot path pays no label lookup.
 */
export const dbQueryRecorder = (dialect: 'sqlite' | 'postgres', operation: DbOperation): ((seconds: number) => void) =>
  dbQueryDuration.labels(dialect, operation).observe

/** Makes the hotvote_db_pool_* gauges add use() (read at each scrape) until the answered function is called (the pool closed). */
export function trackDbPool(use: () => DbPoolUse): () => void {
  dbPools.add(use)
  return () => void dbPools.delete(use)
}

/** Makes hotvote_pipeline_queue_length report length() (the process's pipeline queue registers itself when created). */
export function registerPipelineQueueLength(length: () => number): void {
  queueLength = length
}

/** Makes hotvote_ready report check() at each scrape (the health routes register GET /api/ready's check). */
export function registerReadiness(check: () => Promise<boolean>): void {
  readiness = check
}

/** The metrics in the Prometheus text format, and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType }
}
