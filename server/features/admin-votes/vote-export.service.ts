/**
 * The votes export (server-contract: export-votes): an xlsx streamed by exceljs' streaming writer, page by page,
 * with back-pressure end to end so memory stays flat whatever the vote count (issue #12):
 * - the download is a pull stream: bytes are taken from the zip only as fast as the client reads them;
 * - exceljs writes each committed row into its zip entry without waiting (its StreamBuf ignores the entry stream's
 *   answer to write), so after each page the producer waits for that entry stream and for the zip output to drain;
 * - pages are small, and once the export has added EXPORT_RSS_SLACK_BYTES a full collection runs every GC_EVERY_ROWS
 *   rows: the rows' garbage is otherwise what grows (about 100 MB at 200k votes before the collector catches up).
 * Measured: 200k votes on a real server add about 43 MB of peak RSS (tests/api/export-memory.test.ts; 127 MB before).
 * A collection costs tens of ms, hence GC_EVERY_ROWS (2,000 rows: 33 MB, but half the export's time spent collecting).
 */
import { asc, gt, sql } from 'drizzle-orm'
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import type { Deps } from '../../deps'
import type { Db } from '../../db/open'
import { perDb } from '../../db/prepared'
import { votes } from '../../db/schema'

/** Votes read per page. */
export const EXPORT_PAGE_SIZE = 1000
/** Resident memory an export may add before each page ends with a full garbage collection, bytes. */
export const EXPORT_RSS_SLACK_BYTES = 24 * 1024 * 1024
/** Fewest rows between two of those collections. */
const GC_EVERY_ROWS = 4000

/** The file name for a download on `now`: votes_export_YYYY-MM-DD.xlsx. */
export const exportFileName = (now: Date) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`

const votesAfter = perDb((db) => db.select().from(votes).where(gt(votes.id, sql.placeholder('after'))).orderBy(asc(votes.id)).limit(EXPORT_PAGE_SIZE).prepare())

/** The votes in id order, one page of EXPORT_PAGE_SIZE at a time (keyset paging: no read transaction is held between pages). */
function* votePages(db: Db) {
  for (let after = 0; ; ) {
    const page = votesAfter(db).all({ after })
    if (!page.length) return
    yield page
    after = page[page.length - 1].id
  }
}

/** Resolves once a Node writable (or exceljs' readable-stream v2 entry stream) has drained its buffer. */
async function drained(stream: { writableNeedDrain?: boolean; _writableState?: { needDrain: boolean } } | undefined) {
  if (stream && (stream.writableNeedDrain ?? stream._writableState?.needDrain)) await once(stream as PassThrough, 'drain')
}

/** Writes every vote as a row of an xlsx into output, waiting after each page until exceljs' zip has taken it in. */
async function writeVotesXlsx(db: Db, output: PassThrough): Promise<void> {
  // Loaded on the first export: exceljs is about 30 MB of an idle server's memory (issue #12 Idle memory).
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('votes')
  sheet.columns = [
    { header: 'user_id', key: 'userId' },
    { header: 'media_id', key: 'mediaId' },
    { header: 'is_hot', key: 'isHot' },
    { header: 'voted_at', key: 'createdAt' },
  ]
  // Measured from live memory: garbage left by earlier requests would otherwise count as room the export may not take.
  Bun.gc(true)
  const ceiling = process.memoryUsage.rss() + EXPORT_RSS_SLACK_BYTES
  let rowsSinceGc = 0
  for (const page of votePages(db)) {
    for (const v of page) sheet.addRow({ userId: v.userId, mediaId: v.mediaId, isHot: v.isHot ? 'true' : 'false', createdAt: v.createdAt }).commit()
    // exceljs' sheet stream pipes into the zip entry it was appended as (not public API: exceljs offers no drain).
    await drained((sheet as unknown as { stream: { pipes?: PassThrough[] } }).stream.pipes?.[0])
    await drained(output)
    // The rows' garbage would otherwise grow the heap by about 100 MB before the collector returns it; at most one
    // collection per GC_EVERY_ROWS rows, as the allocator may keep freed memory resident after one.
    rowsSinceGc += page.length
    if (rowsSinceGc >= GC_EVERY_ROWS && process.memoryUsage.rss() > ceiling) (Bun.gc(true), (rowsSinceGc = 0))
  }
  sheet.commit()
  await workbook.commit()
}

/** A stream of the xlsx bytes: columns user_id, media_id, is_hot (true/false), voted_at; one row per vote in id order. */
export function streamVotesXlsx(deps: Pick<Deps, 'db'>): ReadableStream<Uint8Array> {
  const output = new PassThrough()
  writeVotesXlsx(deps.db, output).catch((e) => output.destroy(e))
  const chunks = output[Symbol.asyncIterator]()
  // A pull stream: the next chunk is taken from the zip only when the client has read the previous one.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next()
        if (done) controller.close()
        else controller.enqueue(value)
      },
    },
    { highWaterMark: 0 },
  )
}
