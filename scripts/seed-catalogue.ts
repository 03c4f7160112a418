/**
 * Seeds a running server with a catalogue larger than the rate screen's queue, through the real upload API so the
 * media pipeline makes every variant, poster and placeholder: the media fixtures (../shared/fixtures/media) plus
 * generated camera-sized JPEGs (one with EXIF rotation), large PNGs, animated GIFs and MP4s (landscape and portrait).
 * Run by hand against a server started with `npm start`: `bun scripts/seed-catalogue.ts http://localhost:3105`
 * (`--fixtures-only` skips the generated files; `--shuffle` uploads in random order, so ids say nothing of the kind).
 * The uploads come from one new visitor; prints `id kind name` per item.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import sharp, { type Sharp } from 'sharp'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The media fixtures folder beside the checkout. */
export const FIXTURES = join(import.meta.dir, '..', '..', 'shared', 'fixtures', 'media')

/** What an item is, for choosing the first item by kind: camera JPEG, other photo, PNG, animated GIF or video. */
export type CatalogueKind = 'camera' | 'photo' | 'png' | 'gif' | 'video'
/** One seeded item: its media id, kind and file name. */
export type CatalogueItem = { id: number; kind: CatalogueKind; name: string }

/** The kind of a file by name (generated camera shots are named camera-*). */
export function kindOf(name: string): CatalogueKind {
  if (name.startsWith('camera-')) return 'camera'
  if (name.endsWith('.mp4')) return 'video'
  if (name.endsWith('.gif')) return 'gif'
  if (name.endsWith('.png')) return 'png'
  return 'photo'
}

/** The media fixtures' names (every image and video file of FIXTURES), sorted. */
export const fixtureNames = () =>
  readdirSync(FIXTURES)
    .filter((f) => /\.(jpe?g|png|gif|webp|mp4)$/.test(f))
    .sort()

/** A w x h px copy of a fixture with fine noise (sigma, of 255) over it, so it compresses like a camera frame rather than a smooth upscale. */
async function noisy(fixture: string, w: number, h: number, sigma = 24): Promise<Sharp> {
  const base = await sharp(join(FIXTURES, fixture)).resize(w, h, { fit: 'cover' }).toBuffer()
  const grain = await sharp({
    create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png()
    .toBuffer()
  return sharp(base).composite([{ input: grain, blend: 'soft-light' }])
}

/** An animated GIF of frames (w x h px) panning across a fixture. */
async function panningGif(fixture: string, w: number, h: number, frames: number): Promise<Buffer> {
  const wide = await sharp(join(FIXTURES, fixture))
    .resize(w * 2, h, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const strip = Buffer.alloc(w * h * 3 * frames)
  for (let f = 0; f < frames; f++) {
    const dx = Math.round((f * w) / frames)
    for (let y = 0; y < h; y++) wide.data.copy(strip, (f * h + y) * w * 3, (y * w * 2 + dx) * 3, (y * w * 2 + dx + w) * 3)
  }
  return sharp(strip, { raw: { width: w, height: h * frames, channels: 3, pageHeight: h } })
    .gif({ delay: Array(frames).fill(100), loop: 0 })
    .toBuffer()
}

/** An H.264 MP4 of ffmpeg's test pattern, w x h px, seconds long. */
async function testVideo(w: number, h: number, seconds: number, path: string): Promise<void> {
  const args = [
    '-hide_banner',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${w}x${h}:rate=25:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    path,
  ]
  const proc = Bun.spawn([ffmpegInstaller.path, ...args], { stdout: 'ignore', stderr: 'pipe' })
  if ((await proc.exited) !== 0) throw new Error(`ffmpeg: ${await new Response(proc.stderr).text()}`)
}

/** Writes the generated files into dir; answers their names. */
async function generate(dir: string): Promise<string[]> {
  const files: [string, () => Promise<unknown>][] = [
    [
      'camera-meadow-4032x3024.jpg',
      async () =>
        (await noisy('autumn-mountain-meadow.jpg', 4032, 3024)).jpeg({ quality: 92 }).toFile(join(dir, 'camera-meadow-4032x3024.jpg')),
    ],
    [
      'camera-jetty-4032x3024.jpg',
      async () =>
        (await noisy('lakeside-jetty-planks.jpg', 4032, 3024)).jpeg({ quality: 92 }).toFile(join(dir, 'camera-jetty-4032x3024.jpg')),
    ],
    // Stored landscape with EXIF orientation 6, shown portrait, as phones write them.
    [
      'camera-dandelion-rotated.jpg',
      async () =>
        (await noisy('dandelion-clocks-portrait.jpg', 4032, 3024))
          .jpeg({ quality: 90 })
          .withMetadata({ orientation: 6 })
          .toFile(join(dir, 'camera-dandelion-rotated.jpg')),
    ],
    [
      'camera-nuthatch-3024x4032.jpg',
      async () =>
        (await noisy('nuthatch-on-tree-portrait.jpg', 3024, 4032)).jpeg({ quality: 90 }).toFile(join(dir, 'camera-nuthatch-3024x4032.jpg')),
    ],
    [
      'large-cups-2400x1500.png',
      async () => (await noisy('colorful-cups.png', 2400, 1500, 0)).png().toFile(join(dir, 'large-cups-2400x1500.png')),
    ],
    [
      'large-stream-1600x2400.png',
      async () => (await noisy('forest-stream-cascade.jpg', 1600, 2400, 0)).png().toFile(join(dir, 'large-stream-1600x2400.png')),
    ],
    [
      'pan-boats-animated.gif',
      async () => Bun.write(join(dir, 'pan-boats-animated.gif'), await panningGif('rowing-boats-sunset.jpg', 640, 400, 12)),
    ],
    [
      'pan-kite-portrait-animated.gif',
      async () => Bun.write(join(dir, 'pan-kite-portrait-animated.gif'), await panningGif('kite-in-blue-sky-portrait.jpg', 360, 640, 10)),
    ],
    ['pattern-1920x1080.mp4', () => testVideo(1920, 1080, 6, join(dir, 'pattern-1920x1080.mp4'))],
    ['pattern-portrait-720x1280.mp4', () => testVideo(720, 1280, 5, join(dir, 'pattern-portrait-720x1280.mp4'))],
  ]
  for (const [, make] of files) await make()
  return files.map(([name]) => name)
}

/** Starts a visitor on url (POST /api/session); answers its id and the session cookie. Throws on a non-200. */
async function newVisitor(url: string): Promise<{ id: number; cookie: string }> {
  const sessionId = `catalogue${Date.now().toString(36)}`.padEnd(32, '0')
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  })
  if (res.status !== 200) throw new Error(`session: ${res.status} ${await res.text()}`)
  return { id: ((await res.json()) as { id: number }).id, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' }
}

/** A copy of items in random order (Fisher-Yates). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/**
 * Uploads the catalogue to the server at url (POST /api/media/upload, one visitor): the fixtures, and unless
 * fixturesOnly the generated files, interleaved so the kinds mix, or with shuffle in random order. Answers the items in upload order. Throws on a
 * non-201 answer (the server's per-visitor upload limit must allow about 40 uploads an hour).
 */
export async function seedCatalogue(
  url: string,
  { fixturesOnly = false, names, shuffle = false }: { fixturesOnly?: boolean; names?: string[]; shuffle?: boolean } = {},
): Promise<CatalogueItem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-catalogue-'))
  try {
    const fixtures = (names ?? fixtureNames()).map((name) => ({ name, path: join(FIXTURES, name) }))
    const generated = fixturesOnly ? [] : (await generate(dir)).map((name) => ({ name, path: join(dir, name) }))
    const interleaved = fixtures
      .flatMap((f, i) => [f, ...(i < generated.length ? [generated[i]] : [])])
      .concat(generated.slice(fixtures.length))
    const all = shuffle ? shuffled(interleaved) : interleaved
    const { id: userId, cookie } = await newVisitor(url)
    const items: CatalogueItem[] = []
    for (const { name, path } of all) {
      const form = new FormData()
      form.append('userId', String(userId))
      form.append('file', Bun.file(path), name)
      const res = await fetch(`${url}/api/media/upload`, { method: 'POST', headers: { cookie, origin: url }, body: form })
      if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`)
      items.push({ id: ((await res.json()) as { media: { id: number } }).media.id, kind: kindOf(name), name })
    }
    return items
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const url = process.argv[2]
  if (!url) throw new Error('usage: bun scripts/seed-catalogue.ts <server url> [--fixtures-only] [--shuffle]')
  const options = { fixturesOnly: process.argv.includes('--fixtures-only'), shuffle: process.argv.includes('--shuffle') }
  for (const item of await seedCatalogue(url.replace(/\/$/, ''), options)) console.log(`${item.id}\t${item.kind}\t${item.name}`)
}
