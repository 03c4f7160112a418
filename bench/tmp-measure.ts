// quick measurement: start the production server, upload N photos, report RSS / CPU
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startHotVote, memoryMb, cpuMs } from '/work/wt/i20-observability/bench/lib/processes'
import { seedThroughUploads } from '/work/wt/i20-observability/bench/lib/upload-seed'
import { loadavg } from 'node:os'
const N = Number(process.argv[2] ?? 200)
Object.assign(process.env, { UPLOADS_PER_VISITOR_PER_HOUR: '999999', UPLOADS_PER_ADDRESS_PER_HOUR: '999999', UPLOAD_QUOTA_MB: '999999', SESSIONS_PER_ADDRESS_PER_HOUR: '100000' })
const dir = mkdtempSync(join(tmpdir(), 'i20-measure-'))
const s = await startHotVote(dir, 'bench-admin-password')
try {
  await Bun.sleep(1000)
  console.log('load', loadavg().map((x) => x.toFixed(2)).join(' '), 'idle rss', memoryMb(s.pid).rss.toFixed(1))
  const c0 = cpuMs(s.pid)
  const r = await seedThroughUploads(s.url, N, (d) => console.log(d, 'rss', memoryMb(s.pid).rss.toFixed(1)))
  const cpu = cpuMs(s.pid) - c0
  console.log(`stored ${r.stored} in ${r.seconds.toFixed(1)} s, server CPU ${(cpu / N).toFixed(0)} ms/upload, rss ${memoryMb(s.pid).rss.toFixed(1)} peak ${memoryMb(s.pid).peak.toFixed(1)}`)
  for (const w of [5, 15, 30]) { await Bun.sleep(w === 5 ? 5000 : 10000 + (w === 30 ? 5000 : 0)); console.log(`after ~${w}s idle rss ${memoryMb(s.pid).rss.toFixed(1)}`) }
  console.log('load', loadavg().map((x) => x.toFixed(2)).join(' '))
} finally { await s.stop(); rmSync(dir, { recursive: true, force: true }) }
