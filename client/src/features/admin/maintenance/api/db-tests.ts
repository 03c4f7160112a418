/**
 * The Database page's four checks (admin-back-office §2 Database Administration, §7 /api/db-test/*, §8): each step
 * is fetched on its own, timed in the browser, and summarised in one line of text.
 */
import type { DbConnection, DbCounts, DbCountsCheck, DbQueriesCheck, DbSchemaCheck } from '@contract/admin/data'
import { paths, type DbTestCheck } from '@contract/paths'
import { ApiError } from '@client/lib/api-client'
import { adminErrorText, adminFetch } from '@client/features/admin/shell/api/admin-api'

/** One check of the page: path under /api/db-test, the name shown, the text shown when it fails without an HTTP status. */
export type DbTestStep = { id: DbTestCheck; name: string; failure: string }

/** The four steps, in the order they run (admin-back-office §2, §8). */
export const DB_TEST_STEPS: readonly DbTestStep[] = [
  { id: 'connection', name: 'Database Connection', failure: 'Connection failed' },
  { id: 'schema', name: 'Table Schema Check', failure: 'Schema check failed' },
  { id: 'counts', name: 'Data Counts', failure: 'Count query failed' },
  { id: 'queries', name: 'Sample Queries', failure: 'Sample queries failed' },
]

/** The outcome of one step: ok with its summary (and the counts for the counts step) or failed with its error text; durationMs in ms. */
export type DbStepOutcome = { ok: boolean; text: string; durationMs: number; counts?: DbCounts }

const summarise = {
  connection: (a: DbConnection) => (a.connected ? `Connected (SQLite ${a.sqliteVersion})` : 'Not connected'),
  schema: (a: DbSchemaCheck) => `${a.tables.length} tables: ${a.tables.join(', ')}`,
  counts: (a: DbCountsCheck) => `Users: ${a.totalUsers}, Media: ${a.totalMedia}, Votes: ${a.totalVotes}, Views: ${a.totalViews}`,
  queries: (a: DbQueriesCheck) =>
    `Newest media: ${a.newestMedia.map((m) => m.originalName).join(', ') || 'none'}; newest users: ${a.newestUsers.map((u) => u.username).join(', ') || 'none'}`,
}

/**
 * Runs one step: GET /api/db-test/{step.id}. Never throws: a non-OK answer reads 'HTTP {status}' (401: the expired
 * session text), anything else the step's failure text.
 */
export async function runDbStep(step: DbTestStep): Promise<DbStepOutcome> {
  const start = performance.now()
  const elapsed = () => Math.round(performance.now() - start)
  try {
    const answer = await adminFetch<never>(paths.dbTest(step.id), { cache: 'no-store' })
    if (step.id === 'connection' && !(answer as DbConnection).connected) return { ok: false, text: step.failure, durationMs: elapsed() }
    return { ok: true, text: summarise[step.id](answer), durationMs: elapsed(), counts: step.id === 'counts' ? answer : undefined }
  } catch (e) {
    const text = e instanceof ApiError ? (e.status === 401 ? adminErrorText(e, step.failure) : `HTTP ${e.status}`) : step.failure
    return { ok: false, text, durationMs: elapsed() }
  }
}
