/**
 * Large videos for upload tests without shipping one: a real MP4 fixture followed by a top-level `free` box of random
 * bytes (ISO BMFF: a box readers skip), so the file is a valid video of the wanted size and, its padding being random,
 * a new file to the server's duplicate check every time.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURES } from './browser'

/** Writes `${name}` into dir: kite-sky-portrait.mp4 padded with a free box to size bytes; answers its path. */
export function paddedVideo(dir: string, name: string, size: number): string {
  const video = readFileSync(join(FIXTURES, 'kite-sky-portrait.mp4'))
  const padding = new Uint8Array(size - video.length)
  new DataView(padding.buffer).setUint32(0, padding.length)
  padding.set(new TextEncoder().encode('free'), 4)
  for (let at = 8; at < padding.length; at += 65_536) crypto.getRandomValues(padding.subarray(at, Math.min(padding.length, at + 65_536)))
  const path = join(dir, name)
  writeFileSync(path, Buffer.concat([video, padding]))
  return path
}
