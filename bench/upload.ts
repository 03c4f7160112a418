/**
 * Benchmark (run by hand: `bun bench/upload.ts`): uploads a 20 MB MP4 to a real server process on loopback and
 * prints the time and the server's peak resident memory (VmHWM) before and after, showing the upload streams.
 */
import { join } from 'node:path'
import { mkdtempSync, rmSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'

const ROOT = join(import.meta.dir, '..')
// `bun bench/upload.ts jpg` uploads a 10 MB JPEG instead.
const asImage = process.argv[2] === 'jpg'
const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'media', asImage ? 'storm-over-highway.jpg' : 'forest-path-zoom.mp4')
const SIZE = (asImage ? 10 : 20) * 1024 * 1024 - 1024
const port = 43000 + Math.floor(Math.random() * 1000)
const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-upload-bench-'))
const server = Bun.spawn(['bun', 'run', join(ROOT, 'server', 'main.ts')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench' },
  stdout: 'ignore',
  stderr: 'inherit',
})
const url = `http://127.0.0.1:${port}`
const peakKb = () => Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)![1])

try {
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${url}/api/site-settings`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await Bun.sleep(50)
  const sessionId = 'benchsession'.padEnd(32, '0')
  const user = (await (
    await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    })
  ).json()) as { id: number }
  // A real MP4 head padded to 20 MB, so the type sniff passes and every byte has to be streamed and hashed.
  const head = await Bun.file(FIXTURE).bytes()
  const body = new Blob([head, new Uint8Array(SIZE - head.length)])
  const form = new FormData()
  form.append('userId', String(user.id))
  form.append('file', body, asImage ? 'big.jpg' : 'big.mp4')
  const before = peakKb()
  const t0 = performance.now()
  const res = await fetch(`${url}/api/media/upload`, { method: 'POST', headers: { cookie: `sid=${sessionId}` }, body: form })
  const ms = performance.now() - t0
  console.log(`status ${res.status}: ${(await res.text()).slice(0, 80)}`)
  console.log(`upload of ${(SIZE / 1024 / 1024).toFixed(1)} MB: ${ms.toFixed(0)} ms`)
  console.log(
    `server peak RSS: ${(before / 1024).toFixed(0)} MB before, ${(peakKb() / 1024).toFixed(0)} MB after (growth ${((peakKb() - before) / 1024).toFixed(0)} MB)`,
  )
} finally {
  server.kill()
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
}
