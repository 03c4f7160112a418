/**
 * The metadata-stripping step of the pipeline (docs/media-pipeline.md > Metadata stripping): every object a visitor
 * can fetch (the full-size copy, each variant, a video's poster) is written without the uploader's location or camera
 * tags, and each output is checked block by block before it is stored, against a list of the blocks it may hold.
 *
 * What is removed:
 * - JPEG: APP1 (EXIF with its GPS IFD, maker notes and embedded thumbnail; XMP), APP13 (IPTC, Photoshop), APP2 (ICC
 *   profile, MPF), every other APPn but JFIF and Adobe, COM comments.
 * - PNG: tEXt, zTXt and iTXt (comments, XMP), eXIf, iCCP, tIME and any private chunk.
 * - WebP: the EXIF, XMP and ICCP chunks and any unknown chunk.
 * - GIF: comment and plain-text extensions, application extensions other than the loop count (XMP).
 * - MP4: global, stream and chapter metadata (udta: ©xyz location, ©mak/©mod camera, ©day, titles; the meta box with
 *   Apple's keys such as com.apple.quicktime.location.ISO6709), data and subtitle tracks (GPS tracks such as GoPro's
 *   gpmd, Apple's mebx), cover art, uuid boxes (XMP); the streams themselves are copied, not re-encoded.
 * The ICC profile goes with the rest after the pixels are converted to sRGB, the colour space a browser assumes for an
 * image without a profile, so colours stay as they were; EXIF orientation is applied to the pixels before it goes.
 */
import type { Sharp } from 'sharp'
import { open } from 'node:fs/promises'
import { runFfmpeg } from './ffmpeg'
import { boxHeader, boxesIn, readMoov } from './mp4-facts'
import { MetadataLeftError } from './media-errors'

/** One encoded image: width and height in px (one frame of an animation). */
export type EncodedImage = { width: number; height: number; bytes: Uint8Array }

/**
 * Encodes the image pipeline image (its output format already chosen, no withMetadata/keepMetadata) and checks the
 * bytes with assertMetadataFree: sharp writes no EXIF, XMP, IPTC or ICC block unless asked, and the check proves it for
 * this output. type: the MIME type of the output. Throws MetadataLeftError when a metadata block is found, sharp's
 * Error when the image cannot be decoded.
 */
export async function stripImageMetadata(image: Sharp, type: string): Promise<EncodedImage> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true })
  const bytes = new Uint8Array(data)
  assertMetadataFree(bytes, type)
  return { width: info.width, height: info.pageHeight ?? info.height, bytes }
}

/**
 * Writes a copy of the MP4 at path to strippedPath with its video and audio streams only (no data, subtitle or cover
 * art stream) and no global, stream or chapter metadata (ffmpeg `-map_metadata -1 -map_chapters -1`), streams copied
 * and moov moved to the front; then checks the copy with mp4MetadataIn. Throws MetadataLeftError when a metadata box
 * is left, ffmpeg's Error when it cannot read the file or outlives timeoutSeconds.
 */
export async function stripVideoMetadata(path: string, strippedPath: string, timeoutSeconds: number): Promise<void> {
  await runFfmpeg(
    [
      '-i',
      path,
      '-map',
      '0:V',
      '-map',
      '0:a?',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      strippedPath,
    ],
    timeoutSeconds,
  )
  const left = await mp4MetadataIn(strippedPath)
  if (left.length) throw new MetadataLeftError(`video/mp4 still holds ${left.join(', ')}`)
}

/** Throws MetadataLeftError naming the blocks when metadataIn finds any in bytes of type. */
export function assertMetadataFree(bytes: Uint8Array, type: string): void {
  const left = metadataIn(bytes, type)
  if (left.length) throw new MetadataLeftError(`${type} still holds ${left.join(', ')}`)
}

/** PNG chunks an image may keep: pixels, palette, transparency, colour and gamma facts, animation frames. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'pHYs', 'bKGD', 'acTL', 'fcTL', 'fdAT'])
/** WebP chunks an image may keep: the bitstreams, the extended header, alpha and animation. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF'])
/** GIF application extensions a GIF may keep: the loop count. */
const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0'])

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length))
/** A block type as a printable name: bytes outside printable ASCII and © shown as '?'. */
const printable = (type: string) => type.replace(/[^ -~©]/g, '?')

/**
 * The metadata blocks found in an image of type (image/jpeg, image/png, image/webp, image/gif), by name ('JPEG APP1',
 * 'PNG tEXt', ...): every block not on the format's list of kept blocks, and bytes after the end of the image. An
 * image cut short is reported as such. Reads block headers only, in time linear in the size.
 */
export function metadataIn(bytes: Uint8Array, type: string): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    if (type === 'image/jpeg') return jpegMetadata(bytes, view)
    if (type === 'image/png') return pngMetadata(bytes, view)
    if (type === 'image/webp') return webpMetadata(bytes, view)
    if (type === 'image/gif') return gifMetadata(bytes)
  } catch (e) {
    if (e instanceof RangeError) return [`a ${type} cut short`]
    throw e
  }
  return [`an image of unknown type ${type}`]
}

/** JPEG: segments up to each scan, entropy-coded data skipped to the next marker, nothing after EOI. */
function jpegMetadata(bytes: Uint8Array, view: DataView): string[] {
  const found: string[] = []
  if (view.getUint16(0) !== 0xffd8) return ['a JPEG without SOI']
  for (let at = 2; ; ) {
    if (bytes[at] !== 0xff) throw new RangeError('no marker')
    const marker = bytes[at + 1]
    if (marker === 0xff) {
      at++
      continue
    }
    if (marker === 0xd9) {
      if (at + 2 < bytes.length) found.push('bytes after the JPEG EOI')
      return found
    }
    const length = view.getUint16(at + 2)
    const app = marker >= 0xe0 && marker <= 0xef
    const kept =
      (marker === 0xe0 && ascii(bytes, at + 4, 5) === 'JFIF\0') ||
      (marker === 0xee && ascii(bytes, at + 4, 5) === 'Adobe') ||
      (!app && marker !== 0xfe)
    if (!kept) found.push(marker === 0xfe ? 'JPEG COM' : `JPEG APP${marker - 0xe0}`)
    at += 2 + length
    if (marker === 0xda) {
      // Entropy-coded data: a 0xff byte is followed by 0x00 (a stuffed byte), a restart marker (0xd0-0xd7) or a fill byte.
      while (!(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && bytes[at + 1] !== 0xff && (bytes[at + 1] < 0xd0 || bytes[at + 1] > 0xd7))) {
        if (at >= bytes.length) throw new RangeError('scan cut short')
        at++
      }
    }
  }
}

/** PNG: every chunk after the signature. */
function pngMetadata(bytes: Uint8Array, view: DataView): string[] {
  const found: string[] = []
  for (let at = 8; at < bytes.length; ) {
    const type = ascii(bytes, at + 4, 4)
    if (!PNG_KEPT.has(type)) found.push(`PNG ${printable(type)}`)
    at += 12 + view.getUint32(at)
    if (type === 'IEND' && at < bytes.length) found.push('bytes after the PNG IEND')
    if (type === 'IEND') return found
  }
  throw new RangeError('no IEND')
}

/** WebP: the chunks of the RIFF container (those inside ANMF frames are bitstreams and alpha). */
function webpMetadata(bytes: Uint8Array, view: DataView): string[] {
  const found: string[] = []
  const end = 8 + view.getUint32(4, true)
  if (end > bytes.length) throw new RangeError('RIFF cut short')
  if (end < bytes.length) found.push('bytes after the WebP RIFF')
  for (let at = 12; at < end; ) {
    const type = ascii(bytes, at, 4)
    if (!WEBP_KEPT.has(type)) found.push(`WebP ${printable(type).trim()}`)
    const size = view.getUint32(at + 4, true)
    at += 8 + size + (size % 2)
  }
  // VP8X flags: ICC (0x20), EXIF (0x08), XMP (0x04) announce chunks a reader would look for.
  if (ascii(bytes, 12, 4) === 'VP8X' && bytes[20] & 0x2c) found.push('WebP VP8X metadata flags')
  return found
}

/** GIF: the blocks after the screen descriptor and global colour table, sub-blocks skipped. */
function gifMetadata(bytes: Uint8Array): string[] {
  const found: string[] = []
  const table = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0)
  const skipSubBlocks = (at: number) => {
    while (bytes[at] !== 0) {
      if (at >= bytes.length) throw new RangeError('sub-blocks cut short')
      at += 1 + bytes[at]
    }
    return at + 1
  }
  for (let at = 13 + table(bytes[10]); ; ) {
    const block = bytes[at]
    if (block === 0x3b) {
      if (at + 1 < bytes.length) found.push('bytes after the GIF trailer')
      return found
    }
    if (block === 0x2c) {
      at = skipSubBlocks(at + 10 + table(bytes[at + 9]) + 1)
    } else if (block === 0x21) {
      const label = bytes[at + 1]
      if (label === 0xfe) found.push('GIF comment')
      else if (label === 0x01) found.push('GIF plain text')
      else if (label === 0xff && !GIF_KEPT_APPLICATIONS.has(ascii(bytes, at + 3, 11)))
        found.push(`GIF application ${JSON.stringify(printable(ascii(bytes, at + 3, 11)))}`)
      else if (label !== 0xf9 && label !== 0xff) found.push(`GIF extension 0x${label.toString(16)}`)
      at = skipSubBlocks(at + 2)
    } else throw new RangeError('unknown GIF block')
  }
}

/** MP4 top-level boxes a stripped copy may hold. */
const MP4_KEPT_TOP = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide'])
/** Boxes inside moov searched for metadata, and the boxes each may hold that are not metadata. udta and meta are checked apart. */
const MP4_CONTAINERS: Record<string, Set<string>> = {
  moov: new Set(['mvhd', 'trak', 'mvex', 'iods', 'udta']),
  trak: new Set(['tkhd', 'edts', 'mdia', 'tref', 'udta']),
  mdia: new Set(['mdhd', 'hdlr', 'minf', 'elng']),
  minf: new Set(['vmhd', 'smhd', 'dinf', 'stbl']),
}

/**
 * The metadata boxes of the MP4 at path, by path ('moov/udta/©xyz', 'uuid', ...): a top-level box other than ftyp,
 * moov, mdat and free space, a box inside moov, its tracks and their media headers that is not structure, and in udta
 * anything but ffmpeg's own encoder name (meta > hdlr, ilst > ©too). Reads box headers and the moov box only.
 */
export async function mp4MetadataIn(path: string): Promise<string[]> {
  const found: string[] = []
  const file = await open(path, 'r')
  try {
    const fileSize = (await file.stat()).size
    const head = new Uint8Array(16)
    for (let at = 0; at + 8 <= fileSize; ) {
      const { bytesRead } = await file.read(head, 0, 16, at)
      const { type, size } = boxHeader(new DataView(head.buffer, 0, bytesRead), 0, fileSize - at)
      if (!MP4_KEPT_TOP.has(type)) found.push(printable(type))
      at += size
    }
  } finally {
    await file.close()
  }
  const view = await readMoov(path)
  const walk = (from: number, to: number, container: string, where: string) => {
    for (const box of boxesIn(view, from, to)) {
      const name = `${where}/${printable(box.type)}`
      if (box.type === 'udta') udtaMetadata(view, box.start, box.end, name, found)
      else if (!MP4_CONTAINERS[container].has(box.type)) found.push(name)
      else if (box.type in MP4_CONTAINERS) walk(box.start, box.end, box.type, name)
    }
  }
  walk(0, view.byteLength, 'moov', 'moov')
  return found
}

/** udta may hold only meta (an ISO full box: 4 bytes of version and flags) with hdlr and an ilst of ©too; others are pushed to found. */
function udtaMetadata(view: DataView, from: number, to: number, where: string, found: string[]) {
  for (const box of boxesIn(view, from, to)) {
    if (box.type !== 'meta') {
      found.push(`${where}/${printable(box.type)}`)
      continue
    }
    for (const inner of boxesIn(view, box.start + 4, box.end)) {
      if (inner.type === 'ilst')
        for (const item of boxesIn(view, inner.start, inner.end))
          item.type !== '©too' && found.push(`${where}/meta/ilst/${printable(item.type)}`)
      else if (inner.type !== 'hdlr') found.push(`${where}/meta/${printable(inner.type)}`)
    }
  }
}
