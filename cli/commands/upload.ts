/**
 * `hotvote upload <files or folders...>`: sends local media into the bucket so `hotvote import` can import it, each
 * file as a resumable upload (tus 1.0 on /api/admin/bucket-upload/tus, docs/uploads.md > The CLI) with tus-js-client:
 * a dropped connection is resumed from the server's offset (--retries times in the run), and a run stopped part-way
 * is resumed by the next run of the same command (the upload URLs are kept in --state). Unsupported or oversize
 * files are skipped with the reason.
 */
import type { Command } from 'commander'
import { closeSync, mkdirSync, openSync, readdirSync, statSync, createReadStream } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import * as tus from 'tus-js-client'
import { checkUploadFile, MB, typeForFileName } from '@contract/media'
import type { BucketUploadAnswer } from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson, basicAuthorization, CliError, HttpFailure, serverTextOf, type Connection } from '../lib/http'
import { emit, printTable } from '../lib/output'

/** The default file that keeps the URLs of unfinished uploads (no credentials), so a later run resumes them. */
export const DEFAULT_UPLOAD_STATE = join(homedir(), '.hotvote', 'uploads.json')

/** tus-js-client's file-backed URL store (its Node build has one; its types do not declare it). */
const { FileUrlStorage } = tus as unknown as { FileUrlStorage: new (path: string) => NonNullable<tus.UploadOptions['urlStorage']> }

/** Every file under the given paths (folders walked recursively). */
function filesUnder(paths: string[]): string[] {
  return paths.flatMap((p) => {
    const s = statSync(p, { throwIfNoEntry: false })
    if (!s) throw new CliError(`${p}: no such file or folder`, 2)
    return s.isDirectory() ? filesUnder(readdirSync(p).map((n) => join(p, n))) : [p]
  })
}

/** Creates the state file owner-only (its folder too) when it does not exist yet. */
function ensureStateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  closeSync(openSync(path, 'a', 0o600))
}

/** The failure of a tus upload: the server's answer as HttpFailure, else a network CliError. */
function failureOf(error: Error | tus.DetailedError, conn: Connection): CliError {
  const response = (error as tus.DetailedError).originalResponse
  if (response) return new HttpFailure(response.getStatus(), serverTextOf(response.getBody() ?? '', ''))
  return new CliError(`cannot reach the server at ${conn.url} (${(error as tus.DetailedError).causingError?.message ?? error.message})`)
}

/**
 * Uploads the file at path as a resumable upload, resuming one that state names for the same file (path, size,
 * modification time, server); answers the server's stored answer (read back with GET .../result, which a resumed
 * upload needs when its last answer was lost). chunkBytes per PATCH; retries: how often a failed request is resumed.
 */
async function uploadResumable(
  conn: Connection,
  path: string,
  opts: { chunkBytes: number; retries: number; state: string },
): Promise<BucketUploadAnswer> {
  const upload = new tus.Upload(createReadStream(path), {
    endpoint: new URL(paths.adminBucketTus(), conn.url).href,
    headers: { authorization: basicAuthorization(conn) },
    metadata: { filename: basename(path), filetype: typeForFileName(basename(path)) ?? '' },
    uploadSize: statSync(path).size,
    chunkSize: opts.chunkBytes,
    retryDelays: Array.from({ length: opts.retries }, (_, i) => Math.min(1000 * 2 ** i, 10_000)),
    urlStorage: new FileUrlStorage(opts.state),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
  })
  const [previous] = await upload.findPreviousUploads()
  if (previous) upload.resumeFromPreviousUpload(previous)
  await new Promise<void>((resolve, reject) => {
    upload.options.onSuccess = () => resolve()
    upload.options.onError = (error) => reject(failureOf(error, conn))
    upload.start()
  })
  const id = new URL(upload.url!).pathname.split('/').pop()!
  return adminJson<BucketUploadAnswer>(conn, 'GET', paths.adminBucketTusResult(id))
}

/** Registers the command. */
export function registerUpload(program: Command): void {
  program
    .command('upload <paths...>')
    .description('Upload local photos and videos into the bucket, resumably (then run `hotvote import`)')
    .option('--chunk-mb <n>', 'MB sent per request', '5')
    .option('--retries <n>', 'times a dropped upload is resumed before the file counts as failed', '5')
    .option('--state <file>', 'where the URLs of unfinished uploads are kept for the next run', DEFAULT_UPLOAD_STATE)
    .addHelpText(
      'after',
      '\nAn upload cut short is resumed where the server stopped, in the same run or by running the same command again.\n\nExample:\n  hotvote upload ~/Pictures/new && hotvote import',
    )
    .action(async (inputs: string[], o: { chunkMb: string; retries: string; state: string }, cmd: Command) => {
      const ctx = contextOf(cmd)
      const chunkBytes = Math.round(Number(o.chunkMb) * MB)
      const retries = Number(o.retries)
      if (!(chunkBytes >= 64 * 1024) || !Number.isInteger(retries) || retries < 0)
        throw new CliError('--chunk-mb must be at least 0.0625 and --retries a whole number', 2)
      ensureStateFile(o.state)
      const results: { file: string; status: string; key?: string; reason?: string }[] = []
      for (const path of filesUnder(inputs)) {
        const reason = checkUploadFile(basename(path), statSync(path).size)
        if (reason) {
          results.push({ file: path, status: 'skipped', reason })
          continue
        }
        try {
          const r = await uploadResumable(ctx.conn, path, { chunkBytes, retries, state: o.state })
          results.push({ file: path, status: 'uploaded', key: r.key })
        } catch (e) {
          if (e instanceof HttpFailure && e.status === 401) throw e
          results.push({ file: path, status: 'failed', reason: (e as Error).message })
        }
      }
      emit(ctx.json, results, () =>
        printTable(
          ['file', 'status', 'key or reason'],
          results.map((r) => [r.file, r.status, r.key ?? r.reason ?? '']),
        ),
      )
      if (results.some((r) => r.status === 'failed')) process.exitCode = 1
    })
}
