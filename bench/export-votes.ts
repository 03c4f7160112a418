/**
 * Benchmark (run by hand: `bun bench/export-votes.ts [votes]`): streams the votes xlsx export of N votes (default
 * 100,000) through the real app to a file and prints the time, the CPU time it took (user + system, this process)
 * and this process's peak RSS growth.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/open'
import { sqliteDatabase } from '../server/db/database'
import { createFsStorage } from '../server/storage/fs-storage'
import { createOutboxMailer } from '../server/mail/mailer'
import { systemClock } from '../server/core/clock'
import { createApp } from '../server/app'

const VOTES = Number(process.argv[2] ?? 100_000)
const peakMb = () => Number(readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+)/)![1]) / 1024
const dir = mkdtempSync(join(tmpdir(), 'hotvote-export-bench-'))
const opened = openDatabase(join(dir, 'hotvote.sqlite'))
const { sqlite } = opened
const db = sqliteDatabase(opened)
const now = new Date().toISOString()
const MEDIA = 2000
const voters = Math.ceil(VOTES / MEDIA)
sqlite.transaction(() => {
  for (let u = 1; u <= voters + 1; u++)
    sqlite.run('insert into users (session_id, username, created_at) values (?, ?, ?)', [`u${u}x`.padEnd(32, '0'), `user${u}`, now])
  for (let m = 1; m <= MEDIA; m++)
    sqlite.run(
      "insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, 'x.jpg', 'image/jpeg', 1, ?, ?)",
      [voters + 1, `k${m}`, `h${m}`, now],
    )
  const vote = sqlite.prepare('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?)')
  for (let i = 0; i < VOTES; i++) vote.run(1 + Math.floor(i / MEDIA), 1 + (i % MEDIA), i % 4 ? 1 : 0, now)
})()
const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'bench' })
const app = createApp({
  db,
  storage: createFsStorage(join(dir, 'bucket')),
  mailer: createOutboxMailer(join(dir, 'outbox'), config.mailFrom),
  clock: systemClock,
  config,
  tmpDir: join(dir, 'tmp'),
})
Bun.gc(true)
const before = peakMb()
const t0 = performance.now()
const cpu0 = process.cpuUsage()
const res = await app.handle(
  new Request('http://localhost/api/admin/export-votes', { headers: { authorization: `Basic ${btoa('admin:bench')}` } }),
)
const out = join(dir, 'votes.xlsx')
// Read chunk by chunk, as a socket would (Bun.write of a whole Response may collect it first).
const sink = Bun.file(out).writer()
for await (const chunk of res.body!) sink.write(chunk)
await sink.end()
const ms = performance.now() - t0
const cpu = process.cpuUsage(cpu0)
console.log(
  `exported ${VOTES.toLocaleString()} votes: ${(statSync(out).size / 1024 / 1024).toFixed(1)} MB xlsx in ${(ms / 1000).toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
)
console.log(`peak RSS: ${before.toFixed(0)} MB before, ${peakMb().toFixed(0)} MB after (growth ${(peakMb() - before).toFixed(0)} MB)`)
sqlite.close()
rmSync(dir, { recursive: true, force: true })
