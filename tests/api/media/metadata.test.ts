/**
 * No location or camera tag reaches a visitor, per format, through the real app: a JPEG, PNG, WebP and GIF carrying
 * GPS EXIF, camera, owner, comments, XMP and ICC, and MP4s tagged the QuickTime, MP4 (cover art) and Apple-keys ways,
 * uploaded (POST /api/media/upload) and imported from the bucket (POST /api/admin/media/import): every URL of the item
 * and every object in the bucket is free of them (sharp().metadata(), ffprobe, the block check, a byte search).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import sharp from 'sharp'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { metadataIn, mp4MetadataIn } from '@server/media/pipeline/strip-metadata'
import { ADMIN_BASIC, call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { MP4_TAG_STYLES, TAG_TEXTS, taggedGif, taggedJpeg, taggedMp4, taggedPng, taggedWebp } from '../../support/tagged-media'
import { paths } from '@contract/paths'

type Media = { url: string; mimeType: string; posterUrl: string | null; variants: { url: string }[]; smallVideo: { url: string } | null }

const scratch = mkdtempSync(join(tmpdir(), 'hotvote-metadata-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const MARKERS = [...Object.values(TAG_TEXTS), 'Exif\0\0', 'ns.adobe.com', 'Display P3', 'GPS']
const markersIn = (bytes: Uint8Array) => MARKERS.filter((text) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1')))

/** Tagged inputs by upload name; the MP4s are written to the scratch dir first. */
const inputs: Record<string, () => Promise<Uint8Array>> = {
  'phone.jpg': taggedJpeg,
  'screenshot.png': taggedPng,
  'edited.webp': taggedWebp,
  'loop.gif': taggedGif,
  ...Object.fromEntries(
    MP4_TAG_STYLES.map((style) => [`clip-${style}.mp4`, async () => Bun.file(await taggedMp4(scratch, style)).bytes()]),
  ),
}

/** Checks bytes served as contentType: no metadata block, nothing sharp or ffprobe reads as a tag, no tag text. */
async function expectNoTags(bytes: Uint8Array, contentType: string, label: string) {
  expect({ label, markers: markersIn(bytes) }).toEqual({ label, markers: [] })
  if (contentType === 'video/mp4') {
    const path = join(scratch, `served-${crypto.randomUUID()}.mp4`)
    await Bun.write(path, bytes)
    expect({ label, boxes: await mp4MetadataIn(path) }).toEqual({ label, boxes: [] })
    const proc = Bun.spawn(
      ['ffprobe', '-v', 'error', '-show_entries', 'format_tags:stream_tags:stream_disposition=attached_pic', '-of', 'json', path],
      { stdout: 'pipe' },
    )
    const probed = (await new Response(proc.stdout).json()) as {
      format: { tags?: Record<string, string> }
      streams: { disposition: { attached_pic: number } }[]
    }
    expect(
      Object.keys(probed.format.tags ?? {}).filter((k) => !['major_brand', 'minor_version', 'compatible_brands', 'encoder'].includes(k)),
    ).toEqual([])
    expect(probed.streams.filter((s) => s.disposition.attached_pic)).toEqual([])
    return
  }
  expect({ label, blocks: metadataIn(bytes, contentType) }).toEqual({ label, blocks: [] })
  const meta = await sharp(bytes).metadata()
  expect({ label, tags: [meta.exif, meta.xmp, meta.iptc, meta.icc, meta.comments] }).toEqual({
    label,
    tags: [undefined, undefined, undefined, undefined, undefined],
  })
}

/** Fetches url from the app; answers its bytes and content type. */
async function fetchServed(t: ReturnType<typeof makeTestApp>, url: string) {
  const res = await t.app.handle(new Request(`http://localhost${url}`))
  expect(res.status).toBe(200)
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type')!.split(';')[0] }
}

describe('uploads', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)
  const items: Record<string, Media> = {}

  beforeAll(async () => {
    const visitor = await makeVisitor(t.app)
    for (const [name, build] of Object.entries(inputs)) {
      const bytes = await build()
      expect(markersIn(bytes)).toContain(TAG_TEXTS.make)
      const r = await makeMedia(t.app, visitor, name, { bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]) })
      expect({ name, status: r.status }).toEqual({ name, status: 201 })
      items[name] = r.json.media
    }
  })

  it.each(Object.keys(inputs))('serves %s, its variants, poster and small video without a location or camera tag', async (name) => {
    const item = items[name]
    const urls = [item.url, ...item.variants.map((v) => v.url), ...(item.posterUrl ? [item.posterUrl] : [])]
    if (item.mimeType === 'video/mp4') urls.push(item.smallVideo!.url)
    expect(urls.length).toBeGreaterThan(1)
    for (const url of urls) {
      const { bytes, type } = await fetchServed(t, url)
      await expectNoTags(bytes, type, url)
    }
  })

  it('keeps no tag in any object of the bucket', async () => {
    const keys = (await Array.fromAsync(t.deps.storage.list())).map((o) => o.key)
    expect(keys.length).toBeGreaterThan(Object.keys(inputs).length)
    for (const key of keys)
      expect({ key, markers: markersIn(new Uint8Array(await new Response((await t.deps.storage.get(key))!.body).arrayBuffer())) }).toEqual({
        key,
        markers: [],
      })
  })
})

describe('bucket import', () => {
  it('replaces each tagged object by a stripped copy and writes variants and posters without tags', async () => {
    const t = makeTestApp()
    for (const [name, build] of Object.entries(inputs)) {
      const bytes = await build()
      await t.deps.storage.put(`drop/${name}`, new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), {
        size: bytes.length,
        contentType: 'application/octet-stream',
      })
    }
    const answer = (await call(t.app, 'POST', paths.adminImportMedia(), undefined, { headers: ADMIN_BASIC })).json
    expect(answer).toMatchObject({ imported: Object.keys(inputs).length, errors: 0 })
    for (const { key } of await Array.fromAsync(t.deps.storage.list())) {
      const { bytes, type } = await fetchServed(t, `/api/media/file/${key}`)
      await expectNoTags(bytes, type, key)
    }
    t.cleanup()
  })
})
