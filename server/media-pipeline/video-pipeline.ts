/**
 * Videos through the ffmpeg that @ffmpeg-installer/ffmpeg ships (issue #11): a metadata-free stream copy (no
 * re-encode; location atoms, titles and dates dropped) and a WebP poster frame; dimensions and duration by mp4box.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import sharp from 'sharp'
import { createFile, MP4BoxBuffer } from 'mp4box'
import { encodeWebpVariant, thumbhashOf, type EncodedImage } from './image-pipeline'

/**
 * Widest poster, px: the poster is the first screen's largest paint when a video comes first, and shows only until
 * the video's first frame: about two device px per px on a phone, at far fewer bytes than a DPR-3 width.
 */
const POSTER_MAX_WIDTH = 720

/** Runs ffmpeg with args; resolves to its stdout bytes, throws with its stderr when it exits non-zero. */
async function runFfmpeg(args: string[]): Promise<Uint8Array> {
  const proc = Bun.spawn([ffmpegInstaller.path, '-hide_banner', '-v', 'error', ...args], { stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).bytes(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${err.trim().slice(0, 500)}`)
  return out
}

/**
 * Width and height in px as displayed (the track's size, swapped when its matrix turns it a quarter, as phones
 * record portrait video) and duration in ms of an MP4's first video track, from its moov box; nulls when unreadable.
 */
export async function readMp4Info(path: string): Promise<{ width: number | null; height: number | null; durationMs: number | null }> {
  const none = { width: null, height: null, durationMs: null }
  try {
    const mp4 = createFile()
    let found: typeof none | { width: number; height: number; durationMs: number | null } | undefined
    mp4.onReady = (info) => {
      const track = info.videoTracks[0]
      // matrix is [a, b, u, c, d, v, x, y, w]: a = 0 with b set is a rotation by 90 or 270 degrees.
      const quarterTurn = !!track && track.matrix[0] === 0 && track.matrix[1] !== 0
      const durationMs = info.timescale ? Math.round((info.duration / info.timescale) * 1000) : null
      found = track ? { width: quarterTurn ? track.track_height : track.track_width, height: quarterTurn ? track.track_width : track.track_height, durationMs } : none
    }
    let offset = 0
    for await (const chunk of Bun.file(path).stream()) {
      mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk.slice().buffer, offset))
      offset += chunk.byteLength
      if (found) break
    }
    mp4.flush()
    return found ?? none
  } catch {
    return none
  }
}

/** A processed video: displayed width/height in px (readMp4Info's), duration in ms, the poster and its placeholder. */
export type ProcessedVideo = { width: number; height: number; durationMs: number | null; poster: EncodedImage; placeholder: string }

/**
 * Writes a copy of the MP4 at path without metadata to strippedPath (streams copied, moov moved to the front for
 * quick starts) and cuts a poster frame (a tenth in, at most 1 s). Throws when the moov names no video track with a
 * size, or ffmpeg cannot read the video.
 */
export async function processVideo(path: string, strippedPath: string): Promise<ProcessedVideo> {
  const { width, height, durationMs } = await readMp4Info(path)
  if (!width || !height) throw new Error('no video track with a size in the MP4')
  const at = Math.min(1, (durationMs ?? 0) / 10000)
  await runFfmpeg(['-i', path, '-map', '0:v', '-map', '0:a?', '-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', '-y', strippedPath])
  const frame = await runFfmpeg(['-ss', String(at), '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'])
  if (frame.length === 0) throw new Error('ffmpeg found no video frame')
  const [poster, placeholder] = await Promise.all([encodeWebpVariant(sharp(frame), POSTER_MAX_WIDTH), thumbhashOf(frame)])
  return { width, height, durationMs, poster, placeholder }
}
