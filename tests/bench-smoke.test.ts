/** Smoke of `bun run bench`: at 1k media, 10 uploads through the pipeline and 1 s per load run it prints the whole table and every measured call succeeded. */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Row } from '../bench/lib/report'

describe('bun run bench', () => {
  it('prints value, baseline, ratio and goal for every figure at 1k media and a small upload seed, with no failed request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotvote-bench-smoke-'))
    try {
      const json = join(dir, 'bench.json')
      const proc = Bun.spawn(
        [
          'bun',
          'run',
          join(import.meta.dir, '..', 'bench', 'run.ts'),
          '--media',
          '1000',
          '--upload-seed',
          '10',
          '--duration',
          '1',
          '--json',
          json,
        ],
        { stdout: 'pipe', stderr: 'inherit' },
      )
      const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
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
})
