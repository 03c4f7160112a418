import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startHotVote, memoryMb } from '/work/wt8/bench/lib/processes'
const dir = mkdtempSync(join(tmpdir(), 'h8-idle-'))
const s = await startHotVote(dir, 'x')
await Bun.sleep(1000)
console.log('idle RSS', memoryMb(s.pid))
await s.stop()
