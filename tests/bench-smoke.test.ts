/**
 * Smoke of `bun run bench`: at 1k media, 10 uploads through the pipeline and 1 s per load run it prints the whole table
 * and every measured call succeeded; on PostgreSQL with 2 instances it also prints the same-run table against SQLite
 * and one instance; with --compare HEAD it checks out HEAD as the reference, runs both sides and prints the same-run
 * comparison, on SQLite and on PostgreSQL (each side's database dropped at the end), and with --reads only the read figures.
 */
import { SQL } from 'bun'
import { describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Row } from '../bench/lib/report'

/** Runs `bun run bench/run.ts args` with env added to the test's own; answers its stdout and exit code. */
async function runBench(args: string[], env: Record<string, string> = {}): Promise<{ out: string; code: number }> {
  const proc = Bun.spawn(['bun', 'run', join(import.meta.dir, '..', 'bench', 'run.ts'), ...args], {
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  return { out, code }
}

describe('bun run bench', () => {
  it('prints value, baseline, ratio and goal for every figure at 1k media and a small upload seed, with no failed request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotvote-bench-smoke-'))
    try {
      const json = join(dir, 'bench.json')
      const { out, code } = await runBench(['--media', '1000', '--upload-seed', '10', '--duration', '1', '--json', json])
      expect(code).toBe(0)
      expect(out).toContain('baseline (same run)')
      const { rows } = JSON.parse(readFileSync(json, 'utf8')) as { rows: Row[] }
      expect(rows.map((r) => r.figure.split(' (')[0])).toEqual([
        'GET /api/media/random/:userId',
        'GET /api/vote-multiplier-config',
        'POST /api/votes',
        'GET /api/admin/export-votes',
        'POST /api/admin/populate-votes',
        'next item on screen after the result display',
        'server RSS after 10 uploads, idle, before the loads',
        'server RSS idle / after load',
      ])
      for (const row of rows) expect(row.value).not.toMatch(/errors|non-2xx|NaN/)
      expect(rows.filter((r) => r.ratio !== undefined).every((r) => r.ratio! > 0)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('--database postgres --instances 2 prints the same-run table: config against SQLite, CPU per random item against SQLite, 2 instances against 1, at full and at a paced load', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotvote-bench-pg-smoke-'))
    try {
      const json = join(dir, 'bench.json')
      const args = [
        '--database',
        'postgres',
        '--instances',
        '2',
        '--rounds',
        '1',
        '--media',
        '500',
        '--duration',
        '1',
        '--no-client',
        '--json',
        json,
      ]
      const { out, code } = await runBench(args)
      expect(code).toBe(0)
      expect(out).toContain('round 1/1 PostgreSQL, 2 instances')
      const { rows, sameRun } = JSON.parse(readFileSync(json, 'utf8')) as { rows: Row[]; sameRun: Row[] }
      expect(rows[0].value).toContain('us PostgreSQL')
      expect(sameRun.map((r) => r.figure.split(' (medians')[0])).toEqual([
        'GET /api/vote-multiplier-config, PostgreSQL / SQLite, 1 instance',
        'CPU per random item, PostgreSQL, 1 instance (instances + backends) / SQLite',
        'CPU per random item, PostgreSQL, 2 instances (instances + backends) / SQLite',
        'GET /api/media/random/:userId, 2 instances / 1 on PostgreSQL',
        'POST /api/votes (c=64), 2 instances / 1 on PostgreSQL',
        'CPU per random item at a paced load, PostgreSQL, 2 instances (instances + backends) / SQLite',
        'CPU per random item at a paced load, 2 instances / 1 on PostgreSQL',
        'CPU per vote at a paced load, 2 instances / 1 on PostgreSQL',
      ])
      for (const row of sameRun) {
        expect(`${row.value} ${row.baseline}`).not.toMatch(/FAILED|NaN/)
        expect(row.ratio! > 0).toBe(true)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  for (const database of ['sqlite', 'postgres'] as const)
    it(`--compare HEAD --database ${database} checks out HEAD beside the working tree, measures both in alternated rounds and prints each figure for both`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hotvote-bench-compare-smoke-'))
      try {
        const json = join(dir, 'compare.json')
        const args = [
          '--compare',
          'HEAD',
          '--database',
          database,
          '--media',
          '500',
          '--votes',
          '2000',
          '--duration',
          '1',
          '--rounds',
          '2',
          '--json',
          json,
        ]
        const { out, code } = await runBench(args, { XDG_CACHE_HOME: dir })
        expect(code).toBe(0)
        expect(out).toContain('round 2/2')
        const result = JSON.parse(readFileSync(json, 'utf8')) as {
          ref: string
          head: string
          databases: string[]
          rows: {
            figure: string
            ref: { rps: number; failed: number }
            head: { rps: number; failed: number }
            ratio: number
            rounds: { ratio: number; cpuRatio: number }[]
          }[]
          finals: { export: { ok: boolean } }[]
        }
        expect(result.ref).toMatch(/^HEAD \([0-9a-f]{7}\)$/)
        expect(result.rows.map((r) => r.figure)).toEqual([
          'GET /api/media/random/:userId',
          'GET /api/vote-multiplier-config',
          'POST /api/votes (distinct pairs, c=64)',
        ])
        for (const row of result.rows) {
          expect([row.ref.failed, row.head.failed]).toEqual([0, 0])
          expect(row.ref.rps > 0 && row.head.rps > 0 && row.ratio > 0).toBe(true)
          // Each round's own head / ref, one per round.
          expect(row.rounds.length).toBe(2)
          for (const r of row.rounds) expect(r.ratio > 0 && r.cpuRatio > 0).toBe(true)
        }
        expect(out).toContain('CPU/req head / ref by round (lowest-highest)')
        expect(result.finals.map((f) => f.export.ok)).toEqual([true, true])
        // The reference's worktree was made under the cache folder given.
        expect(existsSync(join(dir, 'hotvote-bench'))).toBe(true)
        // On PostgreSQL each side had a database of its own, and neither is left.
        expect(result.databases.length).toBe(database === 'postgres' ? 2 : 0)
        if (database === 'postgres') {
          const server = new SQL(process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test', { max: 1 })
          const left = await server`select datname from pg_database where datname in ${server(result.databases)}`
          await server.close()
          expect(left).toEqual([])
        }
      } finally {
        // Removing the folder and pruning drops the reference's worktree from the repository's list.
        rmSync(dir, { recursive: true, force: true })
        Bun.spawnSync(['git', 'worktree', 'prune'])
      }
    }, 180_000)

  it('--compare HEAD --reads measures only the random item and the config read, without votes or export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotvote-bench-compare-reads-'))
    try {
      const json = join(dir, 'compare.json')
      const args = ['--compare', 'HEAD', '--reads', '--media', '500', '--votes', '2000', '--duration', '1', '--rounds', '1', '--json', json]
      const { out, code } = await runBench(args, { XDG_CACHE_HOME: dir })
      expect(code).toBe(0)
      expect(out).not.toContain('export-votes')
      const result = JSON.parse(readFileSync(json, 'utf8')) as {
        rows: { figure: string; ref: { rps: number; failed: number }; head: { rps: number; failed: number } }[]
        finals: unknown[]
      }
      expect(result.rows.map((r) => r.figure)).toEqual(['GET /api/media/random/:userId', 'GET /api/vote-multiplier-config'])
      for (const row of result.rows) {
        expect([row.ref.failed, row.head.failed]).toEqual([0, 0])
        expect(row.ref.rps > 0 && row.head.rps > 0).toBe(true)
      }
      expect(result.finals).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
      Bun.spawnSync(['git', 'worktree', 'prune'])
    }
  }, 180_000)
})
