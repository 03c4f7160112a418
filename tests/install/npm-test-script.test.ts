/**
 * `npm test` (scripts/test.sh) runs both halves of the suite, SQLite then PostgreSQL, even when the first one fails,
 * and exits non-zero when either failed (docs/testing.md). Checked on a copy of the script beside stub commands: a
 * `bun` that records its arguments and answers with the exit status each run is given, and a package check that
 * passes.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/**
 * Runs a copy of scripts/test.sh whose `bun` exits with sqlite for `bun test` without a dialect, with postgres for the
 * PostgreSQL run, and 0 for the build; answers its exit status, its output and the bun command lines it ran.
 */
function runTestScript(sqlite: number, postgres: number) {
  const dir = mkdtempSync(join(tmpdir(), 'hv-npm-test-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'scripts'))
  mkdirSync(join(dir, 'bin'))
  copyFileSync(join(ROOT, 'scripts', 'test.sh'), join(dir, 'scripts', 'test.sh'))
  writeFileSync(join(dir, 'scripts', 'ensure-test-packages.sh'), '#!/usr/bin/env bash\nexit 0\n')
  const calls = join(dir, 'calls.txt')
  writeFileSync(
    join(dir, 'bin', 'bun'),
    `#!/usr/bin/env bash
echo "$* dialect=\${TEST_DIALECT:-sqlite}" >> ${JSON.stringify(calls)}
[ "$1" = test ] || exit 0
[ "\${TEST_DIALECT:-}" = postgres ] && exit ${postgres}
exit ${sqlite}
`,
  )
  chmodSync(join(dir, 'bin', 'bun'), 0o755)
  const env: Record<string, string | undefined> = { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` }
  delete env.TEST_DIALECT
  const run = Bun.spawnSync(['bash', join(dir, 'scripts', 'test.sh')], { env, stdout: 'pipe', stderr: 'pipe' })
  return {
    exitCode: run.exitCode,
    output: run.stdout.toString(),
    calls: readFileSync(calls, 'utf8').trim().split('\n'),
  }
}

describe('npm test (scripts/test.sh)', () => {
  test('runs the PostgreSQL half after the SQLite half failed, and exits non-zero', () => {
    const run = runTestScript(1, 0)
    expect(run.calls).toEqual([
      'run build dialect=sqlite',
      'test --timeout 120000 dialect=sqlite',
      'test --timeout 120000 tests/api tests/cli dialect=postgres',
    ])
    expect(run.output).toContain('npm test: SQLite run exited 1, PostgreSQL run exited 0')
    expect(run.exitCode).not.toBe(0)
  })

  test('exits non-zero when only the PostgreSQL half failed', () => {
    const run = runTestScript(0, 1)
    expect(run.calls).toHaveLength(3)
    expect(run.output).toContain('npm test: SQLite run exited 0, PostgreSQL run exited 1')
    expect(run.exitCode).not.toBe(0)
  })

  test('exits 0 when both halves passed', () => {
    const run = runTestScript(0, 0)
    expect(run.calls).toHaveLength(3)
    expect(run.exitCode).toBe(0)
  })
})
