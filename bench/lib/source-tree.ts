/**
 * The source trees `bun run bench -- --compare REF` measures: the working tree, and a git worktree of REF (a commit
 * or tag) checked out beside it with its own locked packages, so each side runs its own code on its own bun.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The working tree's root. */
export const ROOT = join(import.meta.dir, '..', '..')

/** A tree the bench can start servers from: its root folder, the bun that runs it and a label for the tables. */
export type SourceTree = { label: string; root: string; bun: string }

/**
 * References by name, for clones that lack the repository's tags: wave-2 is the code before the read routes lost a
 * quarter of their speed (docs/performance.md), the first reference of --compare.
 */
export const NAMED_REFERENCES: Record<string, string> = { 'wave-2': 'eaa574b84f46f2fdd5bf22b48c0f8b9b5a760a68' }

/** Runs cmd in cwd and answers its stdout, trimmed; throws with its stderr when it exits non-zero. */
function run(cmd: string[], cwd: string): string {
  const out = Bun.spawnSync(cmd, { cwd, stdout: 'pipe', stderr: 'pipe' })
  if (out.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed: ${out.stderr.toString().trim()}`)
  return out.stdout.toString().trim()
}

/** The bun installed in root's node_modules (npm's bun package), or the one on PATH when root has none. */
const bunOf = (root: string) => {
  const local = join(root, 'node_modules', '.bin', 'bun')
  return existsSync(local) ? local : 'bun'
}

/** The working tree as a SourceTree, labelled with its commit (plus "+changes" when it differs from it). */
export function workingTree(): SourceTree {
  const sha = run(['git', 'rev-parse', '--short', 'HEAD'], ROOT)
  const dirty = run(['git', 'status', '--porcelain', '--untracked-files=no'], ROOT) !== ''
  return { label: dirty ? `${sha}+changes` : sha, root: ROOT, bun: bunOf(ROOT) }
}

/**
 * A git worktree of ref (commit, tag, branch or a name of NAMED_REFERENCES) under ~/.cache/hotvote-bench/<sha>, outside the repository so the
 * test runner and linters never see it, reused by later runs. Its packages: the working tree's node_modules when both
 * package-lock.json files are equal, else its own `npm ci` (once; `npm install` where today's npm finds that older lock
 * out of sync with its package.json, which keeps every version the lock names). Throws when ref names no commit or
 * the install fails.
 */
export function referenceTree(ref: string): SourceTree {
  const sha = run(['git', 'rev-parse', '--verify', `${NAMED_REFERENCES[ref] ?? ref}^{commit}`], ROOT)
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'hotvote-bench')
  const root = join(cache, sha)
  if (!existsSync(join(root, 'package.json'))) {
    mkdirSync(cache, { recursive: true })
    run(['git', 'worktree', 'prune'], ROOT)
    run(['git', 'worktree', 'add', '--force', '--detach', root, sha], ROOT)
  }
  if (!existsSync(join(root, 'node_modules'))) {
    const sameLock = readFileSync(join(root, 'package-lock.json'), 'utf8') === readFileSync(join(ROOT, 'package-lock.json'), 'utf8')
    if (sameLock) symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'))
    else {
      console.log(`installing the packages of ${ref} (${sha.slice(0, 7)}) in ${root}...`)
      try {
        run(['npm', 'ci', '--no-audit', '--no-fund'], root)
      } catch {
        run(['npm', 'install', '--no-audit', '--no-fund'], root)
      }
    }
  }
  return { label: `${ref === sha ? sha.slice(0, 7) : `${ref} (${sha.slice(0, 7)})`}`, root, bun: bunOf(root) }
}
