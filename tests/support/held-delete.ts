/**
 * A delete that commits while a request is in the middle of its write, on PostgreSQL: the test's own connection
 * deletes the row in an open transaction, the request reads the row (still there for it) and then waits at its
 * insert for the row lock the delete holds; the delete commits only once the request waits, so the insert meets a
 * row deleted after the request checked it.
 */
import type { RawSql } from './test-app'
import { waitFor } from './process-checks'

/** Runs request() while `statement` (a delete, `?` placeholders) is held uncommitted on sql; answers the request's result. */
export async function whileDeleting<T>(
  sql: RawSql,
  statement: string,
  params: (string | number)[],
  request: () => Promise<T>,
  ms = 30_000,
): Promise<T> {
  await sql.run('begin')
  await sql.run(statement, ...params)
  const answer = request()
  // pg_locks is read live (pg_stat_activity would be a snapshot taken once per transaction).
  await waitFor(
    'the request to wait for the held delete',
    async () =>
      (await sql.get<{ n: number }>(
        'select count(*)::int as n from pg_locks where not granted and pg_backend_pid() = any(pg_blocking_pids(pid))',
      ))!.n > 0,
    ms,
  )
  await sql.run('commit')
  return answer
}
