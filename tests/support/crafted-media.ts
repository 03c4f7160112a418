/**
 * Crafted containers that cost a careless parser far more than their size: an MP4 whose sample table claims a huge
 * number of samples, and a GIF of many 1 x 1 frames. Built byte by byte, so a test needs no tool to make them.
 */

/** One ISO BMFF box: 32-bit size, type, content. */
const box = (type: string, ...content: Uint8Array[]) => {
  const size = 8 + content.reduce((n, c) => n + c.length, 0)
  const head = new Uint8Array(8)
  new DataView(head.buffer).setUint32(0, size)
  head.set(new TextEncoder().encode(type), 4)
  return Buffer.concat([head, ...content])
}
const u32 = (...values: number[]) => {
  const out = new Uint8Array(4 * values.length)
  values.forEach((value, i) => new DataView(out.buffer).setUint32(4 * i, value >>> 0))
  return out
}

/**
 * An MP4 (ftyp, moov) whose stsz box gives every sample sampleSize bytes and claims sampleCount samples. withTrack
 * adds a tkhd (320 x 240), a `vide` handler and an avc1 sample entry, so a reader that checks the track reaches
 * the decoder; without it the moov has the sample table alone.
 */
export function hugeSampleCountMp4(sampleCount: number, sampleSize = 1, withTrack = false): Uint8Array {
  const stsz = box('stsz', u32(0, sampleSize, sampleCount))
  const stsd = box('stsd', u32(0, 1), box('avc1', new Uint8Array(78)))
  const stbl = box('stbl', ...(withTrack ? [stsd] : []), stsz)
  const hdlr = box('hdlr', u32(0, 0), new TextEncoder().encode('vide'), u32(0, 0, 0), new Uint8Array(1))
  const tkhd = box('tkhd', u32(0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000, 320 << 16, 240 << 16))
  const mdia = box('mdia', ...(withTrack ? [hdlr] : []), box('minf', stbl))
  return new Uint8Array(
    Buffer.concat([
      box('ftyp', new TextEncoder().encode('isom'), u32(0x200), new TextEncoder().encode('isom')),
      box('moov', box('trak', ...(withTrack ? [tkhd] : []), mdia)),
    ]),
  )
}

/** An animated GIF of frames 1 x 1 frames (about 20 bytes each), looping forever. */
export function manyFrameGif(frames: number): Uint8Array {
  const head = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]
  const loop = [0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]
  const frame = [0x21, 0xf9, 4, 4, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0]
  return new Uint8Array([
    ...head,
    ...loop,
    ...Array.from({ length: frames }, (_, i) => frame.map((b, j) => (j === 20 && i % 2 ? 0x4c : b))).flat(),
    0x3b,
  ])
}
