/**
 * Media that carry what a phone or an editor writes into a file: GPS position, camera make and model, the owner's
 * name, comments, XMP, an ICC profile, MP4 location and camera atoms, cover art. Built from the fixtures in a test's
 * temp dir (sharp writes EXIF, XMP and ICC; text chunks and GIF extensions are spliced in byte by byte; ffmpeg writes
 * the MP4 tags). Every builder writes each tag text below, so a byte search finds it in the input and must not in an output.
 */
import sharp from 'sharp'
import { join } from 'node:path'
import { FIXTURES_DIR } from './builders'

/** Texts every tagged input holds somewhere; none may survive stripping. */
export const TAG_TEXTS = {
  make: 'AcmePhone',
  model: 'AcmePhone 12 Pro',
  artist: 'Ann Uploader',
  comment: 'Taken at home, 12 Elm Street',
  latitude: '48.8584',
}

const EXIF = {
  IFD0: { Make: TAG_TEXTS.make, Model: TAG_TEXTS.model, Artist: TAG_TEXTS.artist, ImageDescription: TAG_TEXTS.comment },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3024/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
}
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" exif:GPSLatitude="${TAG_TEXTS.latitude}N" tiff:Make="${TAG_TEXTS.make}"/></rdf:RDF></x:xmpmeta>`

/** A 640 x 480 photo from the fixtures, as sharp input. */
const photo = () => sharp(join(FIXTURES_DIR, 'autumn-mountain-meadow.jpg')).resize(640, 480, { fit: 'fill' })

/** The EXIF block of EXIF as TIFF bytes (what a PNG eXIf chunk holds), taken from a JPEG sharp writes. */
async function tiffExif(): Promise<Uint8Array> {
  const { exif } = await sharp(await photo().jpeg().withExif(EXIF).toBuffer()).metadata()
  return new Uint8Array(exif!.subarray(6)) // after "Exif\0\0"
}

/** A PNG chunk: length, type, data, CRC-32 over type and data. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(Bun.hash.crc32(body) >>> 0, 8 + data.length)
  return out
}

/** GIF sub-blocks of at most 255 bytes each, ended by the zero-length block. */
function gifSubBlocks(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = []
  for (let at = 0; at < data.length; at += 255) parts.push(Uint8Array.of(Math.min(255, data.length - at)), data.subarray(at, at + 255))
  return Buffer.concat([...parts, Uint8Array.of(0)])
}

/** A JPEG with EXIF (camera, owner, GPS IFD), XMP and a Display P3 ICC profile. */
export const taggedJpeg = async () => new Uint8Array(await photo().jpeg().withExif(EXIF).withXmp(XMP).withIccProfile('p3').toBuffer())

/** A WebP with EXIF, XMP and an ICC profile chunk. */
export const taggedWebp = async () => new Uint8Array(await photo().webp().withExif(EXIF).withXmp(XMP).withIccProfile('p3').toBuffer())

/** A PNG with a Display P3 iCCP, an eXIf chunk (camera, GPS) and tEXt, iTXt and tIME chunks, all before the pixels. */
export async function taggedPng(): Promise<Uint8Array> {
  const png = Buffer.from(await photo().png().withIccProfile('p3').toBuffer())
  const afterIhdr = 8 + 12 + png.readUInt32BE(8)
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${TAG_TEXTS.comment}`, 'latin1'))
  const itxt = pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`, 'utf8'))
  const time = pngChunk('tIME', Uint8Array.of(0x07, 0xea, 11, 27, 12, 0, 0))
  return Buffer.concat([png.subarray(0, afterIhdr), pngChunk('eXIf', await tiffExif()), text, itxt, time, png.subarray(afterIhdr)])
}

/** An animated GIF (the fixture) with a comment extension and an XMP application extension before its first frame. */
export async function taggedGif(): Promise<Uint8Array> {
  const gif = Buffer.from(await Bun.file(join(FIXTURES_DIR, 'mountain-sunset-animated.gif')).arrayBuffer())
  const packed = gif[10]
  const afterTable = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0)
  const comment = Buffer.concat([
    Uint8Array.of(0x21, 0xfe),
    gifSubBlocks(Buffer.from(`${TAG_TEXTS.comment} by ${TAG_TEXTS.artist}`, 'latin1')),
  ])
  const xmp = Buffer.concat([Uint8Array.of(0x21, 0xff, 11), Buffer.from('XMP DataXMP', 'latin1'), gifSubBlocks(Buffer.from(XMP, 'utf8'))])
  return Buffer.concat([gif.subarray(0, afterTable), comment, xmp, gif.subarray(afterTable)])
}

/** Runs ffmpeg from PATH; throws with its stderr on failure. */
async function ffmpeg(args: string[]) {
  const proc = Bun.spawn(['ffmpeg', '-hide_banner', '-v', 'error', ...args], { stderr: 'pipe' })
  if ((await proc.exited) !== 0) throw new Error(await new Response(proc.stderr).text())
}

/** How taggedMp4 writes its tags. */
export const MP4_TAG_STYLES = ['quicktime', 'mp4', 'keys'] as const

/**
 * Writes into dir an MP4 (the fixture's streams copied) with a tagged stream and, by style: 'quicktime' (the QuickTime
 * muxer, mp42 brand, as phones write it): udta atoms ©xyz location, ©mak, ©mod, ©nam, ©ART; 'mp4': iTunes-style ilst
 * tags, the 3GPP loci location box and a cover-art JPEG with GPS EXIF; 'keys': Apple's mdta keys
 * (com.apple.quicktime.location.ISO6709, make, model). Answers its path.
 */
export async function taggedMp4(dir: string, style: (typeof MP4_TAG_STYLES)[number]): Promise<string> {
  const cover = join(dir, 'cover.jpg')
  await Bun.write(cover, await photo().resize(160, 120).jpeg().withExif(EXIF).toBuffer())
  const out = join(dir, `tagged-${style}.mp4`)
  const tags = {
    location: `+${TAG_TEXTS.latitude}+002.2945/`,
    make: TAG_TEXTS.make,
    model: TAG_TEXTS.model,
    title: TAG_TEXTS.comment,
    artist: TAG_TEXTS.artist,
    creation_time: '2026-05-01T10:00:00Z',
    'com.apple.quicktime.location.ISO6709': `+${TAG_TEXTS.latitude}+002.2945+035.000/`,
  }
  await ffmpeg([
    '-i',
    join(FIXTURES_DIR, 'flowers-crossfade-tone.mp4'),
    ...(style === 'mp4' ? ['-i', cover, '-map', '0', '-map', '1', '-disposition:v:1', 'attached_pic'] : []),
    '-c',
    'copy',
    ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
    '-metadata:s:v:0',
    `handler_name=${TAG_TEXTS.make} camera`,
    ...(style === 'keys' ? ['-movflags', 'use_metadata_tags'] : []),
    ...(style === 'quicktime' ? ['-f', 'mov', '-brand', 'mp42'] : ['-f', 'mp4']),
    '-y',
    out,
  ])
  return out
}
