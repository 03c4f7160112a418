/**
 * The metadata-stripping step, per format: a JPEG, PNG, WebP and GIF carrying GPS, camera, owner, comments, XMP and an
 * ICC profile come out of the image pipeline (the full-size copy and every variant) with none of it and with their
 * colours kept; MP4s tagged the QuickTime, MP4 and Apple-keys ways come out of stripVideoMetadata with no location,
 * camera or cover art (ffprobe); and the check itself names what a tagged file holds and refuses an output that kept it.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import sharp from 'sharp'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processImage } from './image-pipeline'
import { assertMetadataFree, metadataIn, mp4MetadataIn, stripImageMetadata, stripVideoMetadata } from './strip-metadata'
import { MetadataLeftError } from './media-errors'
import { MP4_TAG_STYLES, TAG_TEXTS, taggedGif, taggedJpeg, taggedMp4, taggedPng, taggedWebp } from '../../../tests/support/tagged-media'

const scratch = mkdtempSync(join(tmpdir(), 'hotvote-strip-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const LIMITS = { maxFrames: 100, timeoutSeconds: 60 }
/** Texts that mark metadata in any format: the tags the builders write, the EXIF header, the XMP namespace, ICC profile names. */
const MARKERS = [...Object.values(TAG_TEXTS), 'Exif\0\0', 'ns.adobe.com', 'Display P3', 'GPS']
const markersIn = (bytes: Uint8Array) => MARKERS.filter((text) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1')))

/** ffprobe's format and stream tags and the streams' codecs and attached-picture flags of the MP4 at path. */
async function probe(path: string) {
  const proc = Bun.spawn(
    [
      'ffprobe',
      '-v',
      'error',
      '-show_entries',
      'format_tags:stream=codec_name:stream_tags:stream_disposition=attached_pic',
      '-of',
      'json',
      path,
    ],
    { stdout: 'pipe' },
  )
  const out = (await new Response(proc.stdout).json()) as {
    format: { tags?: Record<string, string> }
    streams: { codec_name: string; tags?: Record<string, string>; disposition: { attached_pic: number } }[]
  }
  expect(await proc.exited).toBe(0)
  return out
}

const IMAGES = [
  { type: 'image/jpeg', build: taggedJpeg, holds: ['JPEG APP1', 'JPEG APP1', 'JPEG APP2'] },
  { type: 'image/png', build: taggedPng, holds: ['PNG eXIf', 'PNG tEXt', 'PNG iTXt', 'PNG tIME', 'PNG iCCP'] },
  { type: 'image/webp', build: taggedWebp, holds: ['WebP ICCP', 'WebP EXIF', 'WebP XMP', 'WebP VP8X metadata flags'] },
  { type: 'image/gif', build: taggedGif, holds: ['GIF comment', 'GIF application "XMP DataXMP"'] },
] as const

describe.each(IMAGES)('$type', ({ type, build, holds }) => {
  it('is tagged on the way in: the check names each metadata block and refuses the bytes', async () => {
    const input = await build()
    expect(metadataIn(input, type)).toEqual([...holds])
    expect(markersIn(input)).toContain(TAG_TEXTS.make)
    expect(() => assertMetadataFree(input, type)).toThrow(MetadataLeftError)
  })

  it('leaves no GPS, camera, comment, XMP or ICC block in the full-size copy or any variant', async () => {
    const path = join(scratch, `tagged.${type.split('/')[1]}`)
    await Bun.write(path, await build())
    const { display, variants } = await processImage(path, type, LIMITS)
    expect(variants.length).toBeGreaterThan(0)
    for (const [bytes, as] of [[display.bytes, type], ...variants.map((v) => [v.bytes, 'image/webp'] as const)] as const) {
      expect(metadataIn(bytes, as)).toEqual([])
      const meta = await sharp(bytes).metadata()
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.comments]).toEqual([undefined, undefined, undefined, undefined, undefined])
      expect(markersIn(bytes)).toEqual([])
    }
  })
})

describe('stripImageMetadata', () => {
  it('refuses an encoder told to keep the metadata (MetadataLeftError), so an output is never stored unchecked', async () => {
    const input = await taggedJpeg()
    await expect(stripImageMetadata(sharp(input).jpeg().keepMetadata(), 'image/jpeg')).rejects.toThrow(MetadataLeftError)
  })

  it('keeps colours: a Display P3 image loses its profile after its pixels are converted to sRGB', async () => {
    const green = { r: 40, g: 180, b: 60 }
    const p3 = await sharp({ create: { width: 16, height: 16, channels: 3, background: green } })
      .png()
      .withIccProfile('p3')
      .toBuffer()
    const path = join(scratch, 'p3.png')
    await Bun.write(path, p3)
    const raw = async (bytes: Uint8Array) => [...(await sharp(bytes).raw().toBuffer({ resolveWithObject: false })).subarray(0, 3)]
    const stored = (await processImage(path, 'image/png', LIMITS)).display.bytes
    expect((await sharp(stored).metadata()).icc).toBeUndefined()
    // The P3 numbers differ from sRGB's; the stored copy holds the sRGB ones again.
    expect(await raw(new Uint8Array(p3))).not.toEqual([green.r, green.g, green.b])
    for (const [got, want] of (await raw(stored)).map((v, i) => [v, [green.r, green.g, green.b][i]]))
      expect(Math.abs(got - want)).toBeLessThanOrEqual(2)
  })

  it('reports an image cut short instead of passing it', async () => {
    const input = await taggedPng()
    expect(metadataIn(input.subarray(0, 100), 'image/png').at(-1)).toBe('a image/png cut short')
  })
})

/** Boxes each MP4 style holds where a phone keeps the location (loci holds it as numbers) and the cover art. */
const LOCATION_BOXES = {
  quicktime: ['moov/udta/©xyz', 'moov/udta/©mak'],
  mp4: ['moov/udta/loci', 'moov/udta/meta/ilst/covr'],
  keys: ['moov/udta/meta/keys', 'moov/udta/loci'],
}

describe.each(MP4_TAG_STYLES.map((style) => ({ style })))('MP4 tagged the $style way', ({ style }) => {
  it('loses its location, camera, titles, stream tags and cover art, and keeps its video and audio', async () => {
    const input = await taggedMp4(scratch, style)
    expect(await mp4MetadataIn(input)).toEqual(expect.arrayContaining(LOCATION_BOXES[style]))
    expect(markersIn(await Bun.file(input).bytes())).toContain(TAG_TEXTS.make)
    const stripped = join(scratch, `stripped-${style}.mp4`)
    await stripVideoMetadata(input, stripped, 60)
    expect(await mp4MetadataIn(stripped)).toEqual([])
    expect(markersIn(await Bun.file(stripped).bytes())).toEqual([])
    const { format, streams } = await probe(stripped)
    expect(Object.keys(format.tags ?? {}).sort()).toEqual(['compatible_brands', 'encoder', 'major_brand', 'minor_version'])
    expect(streams.map((s) => [s.codec_name, s.disposition.attached_pic])).toEqual([
      ['h264', 0],
      ['aac', 0],
    ])
    for (const s of streams) expect(Object.values(s.tags ?? {}).join(' ')).not.toContain(TAG_TEXTS.make)
  })
})
