/** runCli(): the hotvote CLI run as a real process (`bun cli/main.ts ...args`); answers stdout, stderr and the exit code. */
import { join } from 'node:path'
import { ROOT } from './browser'

/** Runs hotvote with args in cwd; env adds variables (CI=true pins that colours follow the terminal, not the environment). */
export async function runCli(args: string[], cwd: string, env: Record<string, string> = {}) {
  const proc = Bun.spawn(['bun', join(ROOT, 'cli', 'main.ts'), ...args], {
    cwd,
    env: { ...process.env, CI: 'true', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
    stdin: 'ignore',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { stdout, stderr, code }
}
