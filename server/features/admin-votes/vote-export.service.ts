/**
 * The votes export (server-contract: export-votes): an xlsx streamed by exceljs' streaming writer, page by page,
 * with back-pressure end to end so memory stays flat whatever the vote count, and no work left running
 * when the client goes away:
 * - the download is a pull stream: bytes are taken from the zip only as fast as the client reads them, and a
 *   cancelled read destroys the zip output, after which the producer stops at the next page;
 * - exceljs writes each committed row into its zip entry without waiting (its StreamBuf ignores the entry stream's
 *   answer to write), so after each page the producer waits for that entry stream and for the zip output to drain
 *   (or for the output to close);
 * - pages are small, and once the export has added EXPORT_RSS_SLACK_BYTES a full collection runs every GC_EVERY_ROWS
 *   rows: the rows' garbage is otherwise what grows, long before the collector catches up. A full collection is slow,
 *   hence at most one per GC_EVERY_ROWS rows (tests/api/admin/export-memory.test.ts bounds the growth).
 * The pacing reads RSS, not the JS heap: most of the growth is outside the counted heap (exceljs' row
 * strings and the Buffers of each row, each 64 KB block and the zip output), where a heap-based trigger misses it.
 * Figures: docs/performance.md.
 */
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import type { Deps } from '../../core/deps'
import { findVotePageAfter } from '../../repositories/votes.repository'
import { logger } from '../../core/log'
import { recordExportRun } from '../../core/metrics'

/** Votes read per page. */
export const EXPORT_PAGE_SIZE = 1000
/** Resident memory an export may add before each page ends with a full garbage collection, bytes. */
export const EXPORT_RSS_SLACK_BYTES = 24 * 1024 * 1024
/** Fewest rows between two of those collections. */
const GC_EVERY_ROWS = 20_000

/** The file name for a download on `now`: votes_export_YYYY-MM-DD.xlsx. */
export const exportFileName = (now: Date) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`

/**
 * The votes in id order, one keyset page of EXPORT_PAGE_SIZE at a time (`id > last id`, the primary key's order:
 * each page is one short indexed read, and no transaction or cursor stays open while the client downloads). On
 * PostgreSQL the next page is read while the caller writes this one, so the round trips overlap the xlsx work.
 */
async function* votePages(db: Deps['db']) {
  const after = (id: number) => {
    const page = findVotePageAfter(db, id, EXPORT_PAGE_SIZE)
    // A page read ahead for an export that stopped is never awaited: its failure must not go unhandled.
    page.catch(() => {})
    return page
  }
  for (let next = after(0); ; ) {
    const page = await next
    if (!page.length) return
    next = after(page[page.length - 1][0])
    yield page
  }
}

type Drainable = {
  writableNeedDrain?: boolean
  _writableState?: { needDrain: boolean }
  on(e: string, f: () => void): unknown
  off(e: string, f: () => void): unknown
}

/**
 * Resolves once a Node writable (or exceljs' readable-stream v2 entry stream) has drained its buffer, or once output
 * closes (a client that went away never drains it).
 */
function drained(stream: Drainable | undefined, output: PassThrough): Promise<void> | undefined {
  if (!stream || !(stream.writableNeedDrain ?? stream._writableState?.needDrain) || output.destroyed) return
  return new Promise<void>((resolve) => {
    const done = () => (stream.off('drain', done), output.off('close', done), resolve())
    stream.on('drain', done)
    output.on('close', done)
  })
}

/** Writes every vote as a row of an xlsx into output; progress.rows counts the rows written. Answers whether it completed. */
async function writeVotesXlsx(db: Deps['db'], output: PassThrough, progress: { rows: number }): Promise<boolean> {
  // Loaded on the first export, and only the streaming writer: it holds less of a server's memory
  // than the whole of exceljs.
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js')
  const workbook = new WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('votes')
  sheet.columns = [{ header: 'user_id' }, { header: 'media_id' }, { header: 'is_hot' }, { header: 'voted_at' }]
  // Measured from live memory: garbage left by earlier requests would otherwise count as room the export may not take.
  Bun.gc(true)
  const ceiling = process.memoryUsage.rss() + EXPORT_RSS_SLACK_BYTES
  let rowsSinceGc = 0
  for await (const page of votePages(db)) {
    if (output.destroyed) return false
    for (const [, userId, mediaId, isHot, createdAt] of page) sheet.addRow([userId, mediaId, isHot ? 'true' : 'false', createdAt]).commit()
    progress.rows += page.length
    // exceljs' sheet stream pipes into the zip entry it was appended as (not public API: exceljs offers no drain).
    await drained((sheet as unknown as { stream: { pipes?: Drainable[] } }).stream.pipes?.[0], output)
    await drained(output, output)
    // The rows' garbage would otherwise grow the heap long before the collector returns it; at most one
    // collection per GC_EVERY_ROWS rows, as the allocator may keep freed memory resident after one.
    rowsSinceGc += page.length
    if (rowsSinceGc >= GC_EVERY_ROWS && process.memoryUsage.rss() > ceiling) Bun.gc(true), (rowsSinceGc = 0)
  }
  if (output.destroyed) return false
  sheet.commit()
  await Promise.race([workbook.commit(), once(output, 'close')])
  return output.writableFinished
}

/**
 * A stream of the xlsx bytes: columns user_id, media_id, is_hot (true/false), voted_at; one row per vote in id order.
 * done settles (never rejects) when the export does no more work: complete, or stopped after `rows` rows because the
 * reader cancelled (the client went away) or a page failed (logged; the body then errors); whenDone (the export lock's
 * release) has run by then (its failure is logged). A complete body ends only once done has settled, so a client that
 * has read the whole file finds the lock free.
 */
export function streamVotesXlsx(
  deps: Pick<Deps, 'db'>,
  whenDone: () => Promise<void> = async () => {},
): {
  body: ReadableStream<Uint8Array>
  done: Promise<{ rows: number; complete: boolean }>
} {
  const output = new PassThrough()
  // A cancelled reader destroys output; the producer sees output.destroyed and stops.
  output.on('error', () => {})
  const progress = { rows: 0 }
  const done = writeVotesXlsx(deps.db, output, progress)
    .then(
      (complete) => (recordExportRun(complete ? 'completed' : 'stopped'), { rows: progress.rows, complete }),
      (e: unknown) => {
        logger.error({ err: e }, 'votes export failed'), recordExportRun('failed')
        output.destroy(e as Error)
        return { rows: progress.rows, complete: false }
      },
    )
    .then(async (result) => {
      await whenDone().catch((e: unknown) => logger.error({ err: e }, 'votes export: ending its run failed'))
      return result
    })
  const chunks = output[Symbol.asyncIterator]()
  // A pull stream: the next chunk is taken from the zip only when the client has read the previous one.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done: end } = await chunks.next()
        if (!end) return controller.enqueue(value)
        await done
        controller.close()
      },
      cancel: () => void output.destroy(),
    },
    { highWaterMark: 0 },
  )
  return { body, done }
}
