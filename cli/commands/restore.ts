/**
 * `hotvote restore FILE`: puts a backup in place of DATA_DIR/hotvote.sqlite with the server stopped.
 * Refuses while a server answers at --url, and refuses a file that is not a sound HotVote database
 * (PRAGMA integrity_check); the replaced database (and its -wal/-shm files) is kept as hotvote.sqlite.<UTC time>.bak.
 * With DATABASE_URL set (PostgreSQL), it runs pg_restore --clean of a pg_dump archive into that database instead,
 * or says in one line that pg_restore is not on PATH.
 */
import { Option, type Command } from 'commander'
import { paths } from '@contract/paths'
import { existsSync } from 'node:fs'
import { chmod, copyFile, mkdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { CliError } from '../lib/http'
import { emit, printFields } from '../lib/output'
import { checkHotVoteDatabase } from '../lib/sqlite-file'
import { libpqEnvironment, redactDatabaseUrl } from '@contract/database-url'

/** How long to wait for a running server to answer, ms. */
const PROBE_TIMEOUT_MS = 2000

/** True when anything answers HTTP at url (the server is running). */
const serverAnswers = (url: string) =>
  fetch(new URL(paths.siteSettings(), url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
    () => true,
    () => false,
  )

/** Moves the database file and its WAL companions aside; answers the backup name, or null when there was none. */
async function keepOld(target: string, at: Date): Promise<string | null> {
  if (!existsSync(target)) return null
  const bak = `${target}.${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.bak`
  await rename(target, bak)
  // The -wal file belongs to the old database: left in place, SQLite would replay it into the restored one.
  for (const suffix of ['-wal', '-shm']) if (existsSync(target + suffix)) await rename(target + suffix, bak + suffix)
  return bak
}

/** Restores a pg_dump archive into the PostgreSQL database at url (its tables dropped and recreated first). */
async function pgRestore(file: string, url: string) {
  if (!Bun.which('pg_restore', { PATH: process.env.PATH ?? '' }))
    throw new CliError(
      'pg_restore is not on PATH: install the PostgreSQL client tools (for example apt install postgresql-client) to restore into DATABASE_URL',
    )
  const env = libpqEnvironment(url)
  // pg_restore needs --dbname to restore into a database (without it, it prints a script); the rest comes from env.
  const restore = Bun.spawn(
    ['pg_restore', '--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${env.PGDATABASE}`, file],
    { env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'pipe' },
  )
  const [code, stderr] = await Promise.all([restore.exited, new Response(restore.stderr).text()])
  if (code !== 0) throw new CliError(`pg_restore failed: ${stderr.trim().split('\n')[0]}`)
  return { restored: redactDatabaseUrl(url), from: file }
}

/** Registers the command. */
export function registerRestore(program: Command): void {
  program
    .command('restore <file>')
    .description('Replace the database in DATA_DIR by a backup; stop the server first, start it again after')
    .addOption(new Option('--data-dir <dir>', "the server's data folder").env('DATA_DIR').default('./data'))
    .addHelpText(
      'after',
      '\nSteps: stop the server; hotvote restore FILE --data-dir /srv/hotvote/data; start the server.\nThe old database is kept as hotvote.sqlite.<time>.bak beside it.\nWith DATABASE_URL set, FILE is a pg_dump archive restored into that database with pg_restore (on PATH).\n\nExample:\n  DATA_DIR=/srv/hotvote/data hotvote restore /backups/hotvote-2026-11-22.sqlite',
    )
    .action(async (file: string, opts: { dataDir: string }, cmd: Command) => {
      const { url, json } = cmd.optsWithGlobals<{ url: string; json?: boolean }>()
      if (!existsSync(file)) throw new CliError(`${file}: no such file`, 2)
      if (await serverAnswers(url))
        throw new CliError(`a server answers at ${url}: stop it before restoring (or set --url to the address it listens on)`)
      if (process.env.DATABASE_URL) {
        const result = await pgRestore(file, process.env.DATABASE_URL)
        return emit(Boolean(json), result, () => printFields(result))
      }
      const counts = checkHotVoteDatabase(file)
      await mkdir(opts.dataDir, { recursive: true })
      const target = join(opts.dataDir, 'hotvote.sqlite')
      const kept = await keepOld(target, new Date())
      await copyFile(file, `${target}.restoring`)
      await chmod(`${target}.restoring`, 0o600)
      await rename(`${target}.restoring`, target)
      const result = { restored: target, from: file, keptOldAs: kept, ...counts }
      emit(Boolean(json), result, () => printFields(result))
    })
}
