import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './tests/support/browser'
import { seedDatabase } from './bench/lib/seed'
const dir = mkdtempSync(join(tmpdir(), 'pop-'))
const { visitors } = seedDatabase(join(dir, 'hotvote.sqlite'), { media: 5000, votes: 200000, fresh: 20 })
const server = await startServer({ DATA_DIR: dir })
let next = 0
await Promise.all(Array.from({ length: 32 }, async () => {
  for (let pair = next++; pair < 20000; pair = next++) {
    const v = visitors[pair % 20]
    const res = await fetch(`${server.url}/api/votes`, { method: 'POST', headers: { cookie: `sid=${v.sid}`, 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ userId: v.id, mediaId: (Math.floor(pair / 20) % 5000) + 1, isHot: true }) })
    await res.arrayBuffer()
  }
}))
const ex = await fetch(`${server.url}/api/admin/export-votes`, { headers: { authorization: server.adminAuth } })
console.log('export', ex.status, (await ex.arrayBuffer()).byteLength)
for (let i = 0; i < 2; i++) {
  const res = await fetch(`${server.url}/api/admin/populate-votes`, { method: 'POST', headers: { authorization: server.adminAuth } })
  console.log(res.status, (await res.text()).slice(0, 200))
}
console.log(server.log().split('\n').filter((l) => /"level":(40|50)/.test(l)).join('\n').slice(0, 3000))
await server.stop()
