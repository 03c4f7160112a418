/**
 * Benchmark (run by hand: `bun bench/flaky-upload.ts [tries]`): a 20 MB MP4 sent to a real server process through a
 * local proxy that drops the connection every 4 MB it carries, as a bad mobile link does. It compares whole-file
 * replays (POST /api/media/upload sent again after each drop, at most `tries` times, default 10) with a resumable
 * upload (tus-js-client on /api/media/tus, 5 MB and 1 MB chunks, resuming from the server's offset after each drop),
 * and prints bytes sent, drops, time and whether the upload finished, as a Markdown table.
 */
import * as tus from 'tus-js-client'
import { MB } from '../server/contract/media'
import { paths } from '../server/contract/paths'
import { startServer } from '../tests/support/browser'
import { startFlakyProxy } from '../tests/support/flaky-proxy'
import { paddedVideo } from '../tests/support/tus'
import { newSessionId } from '../tests/support/test-app'

const TRIES = Number(process.argv[2] ?? 10)
const DROP_EVERY = 4 * MB
const SIZE = 20 * MB - 1024

type Row = { method: string; finished: boolean; attempts: number; sentMb: number; drops: number; seconds: number }

const server = await startServer()
const rows: Row[] = []
try {
  const sessionId = newSessionId()
  const session = await fetch(`${server.url}${paths.session()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ sessionId }),
  })
  const user = (await session.json()) as { id: number }
  const headers = { cookie: `sid=${sessionId}`, 'sec-fetch-site': 'same-origin' }

  // Whole-file replays: every try sends the file from its first byte.
  {
    const video = await paddedVideo(SIZE)
    const proxy = await startFlakyProxy(server.port, { dropEveryBytes: DROP_EVERY })
    const t0 = performance.now()
    let attempts = 0
    let finished = false
    while (!finished && attempts < TRIES) {
      attempts++
      const form = new FormData()
      form.append('userId', String(user.id))
      form.append('file', new Blob([video]), 'flaky.mp4')
      finished = await fetch(`${proxy.url}${paths.mediaUpload()}`, { method: 'POST', headers, body: form }).then(
        (r) => r.status === 201,
        () => false,
      )
    }
    rows.push({
      method: 'POST /api/media/upload, whole file again after each drop',
      finished,
      attempts,
      sentMb: proxy.bytesUp() / MB,
      drops: proxy.drops(),
      seconds: (performance.now() - t0) / 1000,
    })
    proxy.stop()
  }

  // Resumable: after each drop, HEAD and continue from the server's offset.
  for (const chunkMb of [5, 1]) {
    const video = await paddedVideo(SIZE)
    const proxy = await startFlakyProxy(server.port, { dropEveryBytes: DROP_EVERY })
    const t0 = performance.now()
    let attempts = 1
    const finished = await new Promise<boolean>((resolve) => {
      const upload = new tus.Upload(Buffer.from(video), {
        endpoint: `${proxy.url}${paths.mediaTus()}`,
        headers,
        metadata: { filename: 'flaky.mp4', filetype: 'video/mp4', userId: String(user.id) },
        chunkSize: chunkMb * MB,
        retryDelays: Array.from({ length: TRIES * 4 }, () => 0),
        onShouldRetry: () => (attempts++, true),
        onSuccess: () => resolve(true),
        onError: () => resolve(false),
      })
      upload.start()
    })
    rows.push({
      method: `tus, ${chunkMb} MB chunks, resumed from the server's offset`,
      finished,
      attempts,
      sentMb: proxy.bytesUp() / MB,
      drops: proxy.drops(),
      seconds: (performance.now() - t0) / 1000,
    })
    proxy.stop()
  }
} finally {
  server.stop()
}

console.log(
  `A ${(SIZE / MB).toFixed(1)} MB MP4 over a link that drops every ${DROP_EVERY / MB} MB (whole-file tries capped at ${TRIES}):\n`,
)
console.log('| method | finished | requests that started the file or resumed it | MB sent | drops | seconds |')
console.log('|---|---|---|---|---|---|')
for (const r of rows)
  console.log(
    `| ${r.method} | ${r.finished ? 'yes' : 'no'} | ${r.attempts} | ${r.sentMb.toFixed(1)} | ${r.drops} | ${r.seconds.toFixed(1)} |`,
  )
