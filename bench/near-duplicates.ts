/**
 * Benchmark of near-duplicate detection (run by hand: `bun bench/near-duplicates.ts [distance]`; the table is in
 * docs/media-pipeline.md > Near duplicates). For every still picture of ../shared/fixtures/media (read in place,
 * listed by MANIFEST.tsv; an animation's first frame) and a few generated ones it makes the copies a re-poster makes
 * (resized 50% and 25%, JPEG q50, PNG, WebP, cropped 5% on one side, captioned, greyscale) plus hard negatives
 * (generated pictures that look alike but are different), hashes them all with the pipeline's perceptual hash, and
 * prints, for each distance from 0 to 16 (and in detail at the chosen one): recall per transformation (copies within
 * the distance of their source) and precision (pairs joined by the grouping that show one picture). Then it fills a
 * SQLite database with 30,000 items of random hashes and times three full near-duplicate scans of it (wall and CPU
 * time: on a shared machine the wall time includes waiting for a core).
 */
import { join } from 'node:path'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import sharp from 'sharp'
import { perceptualHash } from '../server/media/pipeline/perceptual-hash'
import { bandsOf, hammingDistance } from '../server/media/near-duplicates'
import { openDatabase } from '../server/db/open'
import { sqliteDatabase } from '../server/db/database'
import { findNearDuplicateGroups } from '../server/features/admin-bucket/near-duplicates.service'
import { loadConfig } from '../server/config'

const FIXTURES = join(import.meta.dir, '..', '..', 'shared', 'fixtures', 'media')
const chosen = Number(process.argv[2] ?? process.env.NEAR_DUPLICATE_DISTANCE ?? 10)

/** One transformation of a source picture into a copy (encoded bytes). */
type Transform = { name: string; make: (input: Buffer, w: number, h: number) => Promise<Buffer> }

/** An SVG line of text of the given width and height, white with a dark outline, at the bottom left. */
const caption = (w: number, h: number) =>
  Buffer.from(
    `<svg width="${w}" height="${h}" xmlns="http://www.w3.org/2000/svg"><text x="${Math.round(w * 0.03)}" y="${Math.round(h * 0.95)}" font-family="sans-serif" font-size="${Math.round(h * 0.07)}" font-weight="bold" fill="white" stroke="black" stroke-width="${Math.max(1, Math.round(h * 0.004))}">hotvote.example @reposter</text></svg>`,
  )

const TRANSFORMS: Transform[] = [
  {
    name: 'resize 50%',
    make: (i, w) =>
      sharp(i)
        .resize(Math.round(w / 2))
        .jpeg({ quality: 85 })
        .toBuffer(),
  },
  {
    name: 'resize 25%',
    make: (i, w) =>
      sharp(i)
        .resize(Math.round(w / 4))
        .jpeg({ quality: 85 })
        .toBuffer(),
  },
  { name: 'JPEG q50', make: (i) => sharp(i).jpeg({ quality: 50 }).toBuffer() },
  { name: 'PNG', make: (i) => sharp(i).png().toBuffer() },
  { name: 'WebP', make: (i) => sharp(i).webp({ quality: 75 }).toBuffer() },
  {
    name: 'crop 5% (right)',
    make: (i, w, h) =>
      sharp(i)
        .extract({ left: 0, top: 0, width: Math.round(w * 0.95), height: h })
        .jpeg()
        .toBuffer(),
  },
  {
    name: 'crop 5% (top)',
    make: (i, w, h) =>
      sharp(i)
        .extract({ left: 0, top: Math.round(h * 0.05), width: w, height: h - Math.round(h * 0.05) })
        .jpeg()
        .toBuffer(),
  },
  {
    name: 'caption',
    make: (i, w, h) =>
      sharp(i)
        .composite([{ input: caption(w, h) }])
        .jpeg()
        .toBuffer(),
  },
  { name: 'greyscale', make: (i) => sharp(i).greyscale().jpeg().toBuffer() },
]

/** A generated picture of seed: a sky gradient, a horizon band and a few discs placed by the seed. */
async function generated(seed: number, variant = 0): Promise<Buffer> {
  let s = seed * 7919 + variant * 104729 + 1
  const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646
  const hue = Math.round(rnd() * 360)
  const discs = Array.from({ length: 4 }, () => {
    const [x, y, r] = [rnd() * 800, rnd() * 600, 30 + rnd() * 120]
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${Math.round(rnd() * 360)},70%,${30 + Math.round(rnd() * 40)}%)"/>`
  }).join('')
  const horizon = 300 + Math.round(rnd() * 200)
  const svg = `<svg width="800" height="600" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue},50%,35%)"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><rect y="${horizon}" width="800" height="${600 - horizon}" fill="hsl(${(hue + 120) % 360},40%,30%)"/>${discs}</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A hard negative of a picture: the same palette and layout with its shapes moved (a second shot of a scene). */
async function lookalike(input: Buffer, w: number, h: number): Promise<Buffer> {
  // The picture mirrored left to right, then shifted by a fifth: the same colours and textures, other shapes.
  const shift = Math.round(w * 0.2)
  const mirrored = await sharp(input).flop().toBuffer()
  return sharp({ create: { width: w, height: h, channels: 3, background: '#777' } })
    .composite([
      {
        input: await sharp(mirrored)
          .extract({ left: shift, top: 0, width: w - shift, height: h })
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer()
}

type Hashed = { source: string; transform: string; hash: string }

async function buildSet(): Promise<Hashed[]> {
  const rows = readFileSync(join(FIXTURES, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
  const sources: { name: string; bytes: Buffer }[] = []
  for (const [file, mime] of rows)
    if (mime.startsWith('image/')) sources.push({ name: file, bytes: await sharp(join(FIXTURES, file)).autoOrient().png().toBuffer() })
  for (let seed = 1; seed <= 12; seed++) sources.push({ name: `generated-${seed}`, bytes: await generated(seed) })
  const out: Hashed[] = []
  for (const { name, bytes } of sources) {
    const { width, height } = await sharp(bytes).metadata()
    out.push({ source: name, transform: 'original', hash: await perceptualHash(bytes, 30) })
    for (const t of TRANSFORMS)
      out.push({ source: name, transform: t.name, hash: await perceptualHash(await t.make(bytes, width, height), 30) })
    out.push({
      source: `${name} lookalike`,
      transform: 'hard negative',
      hash: await perceptualHash(await lookalike(bytes, width, height), 30),
    })
    if (name.startsWith('generated-'))
      out.push({
        source: `${name} variant`,
        transform: 'hard negative',
        hash: await perceptualHash(await generated(Number(name.slice(10)), 1), 30),
      })
  }
  return out
}

/** Groups (connected components of pairs within distance d) over the set, as lists of indexes. */
function groupsAt(set: Hashed[], d: number): number[][] {
  const parent = set.map((_, i) => i)
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])))
  for (let i = 0; i < set.length; i++)
    for (let j = i + 1; j < set.length; j++) if (hammingDistance(set[i].hash, set[j].hash) <= d) parent[root(i)] = root(j)
  const byRoot = new Map<number, number[]>()
  for (let i = 0; i < set.length; i++) byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), i])
  return [...byRoot.values()].filter((g) => g.length > 1)
}

function measure(set: Hashed[], d: number) {
  const recall = new Map<string, { found: number; of: number }>()
  const originals = new Map(set.filter((h) => h.transform === 'original').map((h) => [h.source, h.hash]))
  for (const h of set) {
    if (h.transform === 'original' || h.transform === 'hard negative') continue
    const r = recall.get(h.transform) ?? { found: 0, of: 0 }
    r.of++
    if (hammingDistance(h.hash, originals.get(h.source)!) <= d) r.found++
    recall.set(h.transform, r)
  }
  let pairs = 0
  let truePairs = 0
  let mixedGroups = 0
  const groups = groupsAt(set, d)
  for (const g of groups) {
    if (new Set(g.map((i) => set[i].source)).size > 1) mixedGroups++
    for (let a = 0; a < g.length; a++)
      for (let b = a + 1; b < g.length; b++) {
        pairs++
        if (set[g[a]].source === set[g[b]].source) truePairs++
      }
  }
  const all = [...recall.values()].reduce((t, r) => ({ found: t.found + r.found, of: t.of + r.of }), { found: 0, of: 0 })
  return { recall, all, precision: pairs ? truePairs / pairs : 1, groups: groups.length, mixedGroups }
}

const pct = (n: number) => `${(100 * n).toFixed(1)}%`

const set = await buildSet()
console.log(`${set.length} pictures (${set.filter((h) => h.transform === 'original').length} sources)\n`)
console.log('distance  recall  pair precision  groups  mixed groups')
for (let d = 0; d <= 16; d++) {
  const m = measure(set, d)
  console.log(
    `${String(d).padStart(8)}  ${pct(m.all.found / m.all.of).padStart(6)}  ${pct(m.precision).padStart(14)}  ${String(m.groups).padStart(6)}  ${String(m.mixedGroups).padStart(12)}`,
  )
}
const m = measure(set, chosen)
console.log(`\nat distance ${chosen}:\n| transformation | recall |\n|---|---|`)
for (const [name, r] of m.recall) console.log(`| ${name} | ${pct(r.found / r.of)} (${r.found}/${r.of}) |`)
console.log(`| all | ${pct(m.all.found / m.all.of)} (${m.all.found}/${m.all.of}) |`)
console.log(
  `precision (pairs in groups that show one picture): ${pct(m.precision)}; groups joining two pictures: ${m.mixedGroups} of ${m.groups}`,
)

/**
 * Times findNearDuplicateGroups `runs` times over a SQLite catalogue of `items` media rows with random hashes, a tenth
 * of them near copies: wall and CPU ms of each run, and the number of groups.
 */
async function timeScan(items: number, runs: number): Promise<{ ms: number; cpuMs: number; groups: number }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-near-bench-'))
  try {
    const opened = openDatabase(join(dir, 'bench.sqlite'))
    const { sqlite } = opened
    const user = sqlite
      .prepare('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
      .get('bench'.padEnd(32, '0'), 'bench', new Date().toISOString()) as { id: number }
    const insert = sqlite.prepare(
      `insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at, phash, phash_band0, phash_band1, phash_band2, phash_band3)
       values (?, ?, ?, 'image/jpeg', 1000, ?, ?, ?, ?, ?, ?, ?)`,
    )
    let seed = 42
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const randomHash = () => Array.from({ length: 16 }, () => Math.floor(rnd() * 16).toString(16)).join('')
    const hashes: string[] = []
    sqlite.transaction(() => {
      for (let i = 0; i < items; i++) {
        let hash = randomHash()
        // Every tenth item is a near copy (a few bits flipped) of an earlier one.
        if (i % 10 === 9) {
          let n = BigInt(`0x${hashes[Math.floor(rnd() * i)]}`)
          for (let k = 0; k < 1 + Math.floor(rnd() * 8); k++) n ^= 1n << BigInt(Math.floor(rnd() * 64))
          hash = n.toString(16).padStart(16, '0')
        }
        hashes.push(hash)
        insert.run(
          user.id,
          `media/bench/${i}.jpg`,
          `${i}.jpg`,
          `sha-${i}`,
          new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          hash,
          ...bandsOf(hash),
        )
      }
    })()
    const deps = { db: sqliteDatabase(opened), config: loadConfig({ ...process.env, NEAR_DUPLICATE_DISTANCE: String(chosen) }) }
    const timings = []
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now()
      const cpu0 = process.cpuUsage()
      const groups = await findNearDuplicateGroups(deps)
      const cpu = process.cpuUsage(cpu0)
      timings.push({ ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, groups: groups.length })
    }
    return timings
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

console.log()
for (const timing of await timeScan(30_000, 3))
  console.log(
    `scan of 30,000 items at distance ${chosen}: ${timing.ms.toFixed(0)} ms (CPU ${timing.cpuMs.toFixed(0)} ms), ${timing.groups} groups`,
  )
