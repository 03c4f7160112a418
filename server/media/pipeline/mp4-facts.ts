/**
 * A bounded reader of the facts the pipeline needs from an MP4 (ISO BMFF, ISO/IEC 14496-12): the displayed size and
 * codec of each video track and the movie's duration. It reads box headers up to the moov box and then only mvhd,
 * tkhd, hdlr and the first stsd entry; no count in the file (sample tables are never read) makes it loop or allocate,
 * and a container may hold at most MAX_BOXES_PER_CONTAINER boxes, so its time is short and its memory at most the moov box.
 */
import { open } from 'node:fs/promises'

/** Top-level boxes looked at before moov; a real MP4 has a handful (ftyp, moov, mdat, free, and fragments after moov). */
const MAX_TOP_LEVEL_BOXES = 4096
/** Boxes one container inside moov may hold (a trak has a handful): keeps the walk short whatever the moov holds. */
const MAX_BOXES_PER_CONTAINER = 256

/** One video track: width/height in px as displayed (a quarter-turn matrix swaps them), codec the stsd sample entry type (avc1, hvc1, vp09, ...). */
export type Mp4VideoTrack = { width: number; height: number; codec: string }
/** What readMp4Facts found: the video tracks in file order and the movie's duration in ms (null without a timescale). */
export type Mp4Facts = { videoTracks: Mp4VideoTrack[]; durationMs: number | null }

/** A box inside a buffer: its type and the bounds of its content. */
export type Box = { type: string; start: number; end: number }

/** The type, header length and size of the box at `at` in view; room: bytes its container holds from at. Throws when it claims more than room. */
export function boxHeader(view: DataView, at: number, room: number): { type: string; header: number; size: number } {
  const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7))
  const size32 = view.getUint32(at)
  if (size32 === 1 && (room < 16 || at + 16 > view.byteLength)) throw new Error('MP4 box header cut short')
  const [size, header] = size32 === 1 ? [Number(view.getBigUint64(at + 8)), 16] : [size32 === 0 ? room : size32, 8]
  if (size < header || size > room) throw new Error(`MP4 box ${type} is larger than its container`)
  return { type, header, size }
}

/** The boxes laid one after another in view between from and to; throws past MAX_BOXES_PER_CONTAINER. */
export function* boxesIn(view: DataView, from: number, to: number): Generator<Box> {
  for (let at = from, n = 0; at + 8 <= to; n++) {
    if (n === MAX_BOXES_PER_CONTAINER) throw new Error(`more than ${MAX_BOXES_PER_CONTAINER} boxes in one MP4 container`)
    const { type, header, size } = boxHeader(view, at, to - at)
    yield { type, start: at + header, end: at + size }
    at += size
  }
}

/** The first box of type inside parent, or undefined. */
function child(view: DataView, parent: Box, type: string): Box | undefined {
  for (const box of boxesIn(view, parent.start, parent.end)) if (box.type === type) return box
}

/** Needs n bytes of box from offset (relative to its content); throws when the box is shorter. */
function need(box: Box, offset: number, n: number): number {
  if (box.start + offset + n > box.end) throw new Error('MP4 box too short')
  return box.start + offset
}

/** Duration in ms from an mvhd box (version 0: 32-bit fields, 1: 64-bit). */
function mvhdDurationMs(view: DataView, mvhd: Box): number | null {
  const v1 = view.getUint8(need(mvhd, 0, 1)) === 1
  const timescale = view.getUint32(need(mvhd, v1 ? 20 : 12, 4))
  const duration = v1 ? Number(view.getBigUint64(need(mvhd, 24, 8))) : view.getUint32(need(mvhd, 16, 4))
  return timescale ? Math.round((duration / timescale) * 1000) : null
}

/** The video track of a trak box, or undefined when it is not one (its hdlr is not `vide`). */
function videoTrack(view: DataView, trak: Box): Mp4VideoTrack | undefined {
  const tkhd = child(view, trak, 'tkhd')
  const mdia = child(view, trak, 'mdia')
  const hdlr = mdia && child(view, mdia, 'hdlr')
  if (!tkhd || !hdlr || view.getUint32(need(hdlr, 8, 4)) !== 0x76696465 /* 'vide' */) return undefined
  // tkhd: version/flags, times, track id and duration (24 or 36 bytes), then reserved, layer, group, volume (16), matrix (36), width, height (16.16).
  const matrixAt = need(tkhd, (view.getUint8(need(tkhd, 0, 1)) === 1 ? 36 : 24) + 16, 44)
  const width = view.getUint32(matrixAt + 36) >>> 16
  const height = view.getUint32(matrixAt + 40) >>> 16
  // matrix is [a, b, u, c, d, v, x, y, w]: a = 0 with b set is a rotation by 90 or 270 degrees.
  const quarterTurn = view.getInt32(matrixAt) === 0 && view.getInt32(matrixAt + 4) !== 0
  const stbl = ['minf', 'stbl'].reduce<Box | undefined>((box, type) => box && child(view, box, type), mdia)
  const stsd = stbl && child(view, stbl, 'stsd')
  // stsd: version/flags, entry count, then the first sample entry's size and type.
  const codec =
    stsd && stsd.end - stsd.start >= 16 ? String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + stsd.start + 12, 4)) : ''
  return { width: quarterTurn ? height : width, height: quarterTurn ? width : height, codec }
}

/**
 * The content of the moov box of the MP4 at path, read into memory (never more than the file). Throws when the file
 * has no moov box among its first MAX_TOP_LEVEL_BOXES boxes or a box claims more bytes than its container holds.
 */
export async function readMoov(path: string): Promise<DataView> {
  const file = await open(path, 'r')
  try {
    const fileSize = (await file.stat()).size
    const head = new DataView(new ArrayBuffer(16))
    let at = 0
    for (let n = 0; n < MAX_TOP_LEVEL_BOXES && at + 8 <= fileSize; n++) {
      const { bytesRead } = await file.read(new Uint8Array(head.buffer), 0, 16, at)
      const { type, header, size } = boxHeader(new DataView(head.buffer, 0, bytesRead), 0, fileSize - at)
      if (type === 'moov') {
        const bytes = new Uint8Array(size - header)
        await file.read(bytes, 0, bytes.length, at + header)
        return new DataView(bytes.buffer)
      }
      at += size
    }
    throw new Error('no moov box in the MP4')
  } finally {
    await file.close()
  }
}

/** Reads the facts of the MP4 at path (its moov box, readMoov); throws as readMoov does or when a box is too short for its fields. */
export async function readMp4Facts(path: string): Promise<Mp4Facts> {
  const view = await readMoov(path)
  const moov: Box = { type: 'moov', start: 0, end: view.byteLength }
  const mvhd = child(view, moov, 'mvhd')
  const videoTracks: Mp4VideoTrack[] = []
  for (const box of boxesIn(view, 0, view.byteLength)) {
    const track = box.type === 'trak' ? videoTrack(view, box) : undefined
    if (track) videoTracks.push(track)
  }
  return { videoTracks, durationMs: mvhd ? mvhdDurationMs(view, mvhd) : null }
}
