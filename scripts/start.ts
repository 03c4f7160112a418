/**
 * `npm start`: builds the client when client/dist is missing or older than the client sources, then starts the
 * server (server/main.ts) with the embedded defaults, in production mode unless NODE_ENV is set. A production
 * install (`npm prune --omit=dev`) has no build tools: there a built client/dist is served as it is, and a missing
 * one stops the start with a line saying to run `npm run build` first.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const built = join(root, 'client', 'dist', 'index.html')

/** Newest modification time (ms) of any file under dir. */
function newest(dir: string): number {
  let max = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return max
}

/** True when the build tools (devDependencies) are installed. */
function canBuild(): boolean {
  try {
    Bun.resolveSync('vite', root)
    return true
  } catch {
    return false
  }
}

const sourcesNewer = () =>
  Math.max(newest(join(root, 'client', 'src')), statSync(join(root, 'client', 'index.html')).mtimeMs) > statSync(built).mtimeMs
const hasBuild = existsSync(built)
const buildable = canBuild()
if (!hasBuild && !buildable) {
  console.error('client/dist is missing and the build tools are not installed: run `npm run build` before `npm prune --omit=dev`')
  process.exit(1)
}
if (buildable && (!hasBuild || sourcesNewer())) {
  console.log('Building the client...')
  const build = Bun.spawnSync(['bun', 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1)
}
// Before the server's modules load, since libraries read NODE_ENV when imported.
process.env.NODE_ENV ??= 'production'
await import('../server/main')
