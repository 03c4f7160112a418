/**
 * Videos: a metadata-free stream copy (./strip-metadata.ts: no re-encode; location atoms, titles and dates dropped), a WebP
 * poster frame and a small H.264 rendition for phones, all by ffmpeg out of process (./ffmpeg.ts); dimensions, duration
 * and codec by the bounded reader (./mp4-facts.ts), which runs first and refuses codecs the site does not serve.
 */
import { rm, stat } from 'node:fs/promises'
import sharp from 'sharp'
import { encodeWebpVariant, POSTER_MAX_WIDTH, thumbhashOf } from './image-pipeline'
import { readMp4Facts } from './mp4-facts'
import { runFfmpeg } from './ffmpeg'
import { mp4MetadataIn, stripVideoMetadata, type EncodedImage } from './strip-metadata'
import { MetadataLeftError, RefusedMediaError } from './media-errors'
import { perceptualHash } from './perceptual-hash'

/** MP4 sample entry types of the video codecs the site serves (browsers play them): H.264, HEVC, VP9, AV1. */
const SERVED_VIDEO_CODECS: Record<string, string> = { avc1: 'H.264', avc3: 'H.264', hvc1: 'HEVC', hev1: 'HEVC', vp09: 'VP9', av01: 'AV1' }

/** ffmpeg decoders of those codecs (its own and the libraries Debian builds with): the poster step opens no other. */
const POSTER_DECODERS = 'h264,hevc,vp9,libvpx-vp9,av1,libdav1d,libaom-av1'
/** ffmpeg decoders of the audio an MP4 usually carries: the small rendition's step opens these and POSTER_DECODERS only. */
const AUDIO_DECODERS = 'aac,aac_fixed,mp3,mp3float,opus,libopus,ac3,eac3,alac,flac'

/** The small rendition fits in a square this many px wide (its longer side), never larger than the video. */
export const SMALL_VIDEO_MAX_SIDE = 640
/** x264 constant rate factor of the small rendition (lower: better and larger). */
const SMALL_VIDEO_CRF = 28
/** Peak video bitrate of the small rendition (kbit/s; the VBV buffer holds two seconds of it): caps its bytes per second. */
const SMALL_VIDEO_MAXRATE_KBPS = 320
/** AAC bitrate of the small rendition's audio, kbit/s (stereo at most). */
const SMALL_VIDEO_AUDIO_KBPS = 64
/** Threads of the rendition's encoder: a fixed few, so its memory and CPU time stay within the run's limits whatever the machine's cores. */
const SMALL_VIDEO_THREADS = 2

/** A video's small rendition: width and height in px, size in bytes (of the file written). */
export type SmallVideo = { width: number; height: number; size: number }

/**
 * A processed video: displayed width/height in px (of its first video track), duration in ms, the poster, its
 * placeholder and its perceptual hash (16 hex digits, of the poster frame at full size); small, the rendition written
 * to the caller's smallPath, or null: when it was not smaller than the copy, or when its encode failed (smallFailed,
 * the error's message; else null).
 */
export type ProcessedVideo = {
  width: number
  height: number
  durationMs: number | null
  poster: EncodedImage
  placeholder: string
  phash: string
  small: SmallVideo | null
  smallFailed: string | null
}

/**
 * Encodes the MP4 at path (a stripped copy) into smallPath: H.264 (x264, CRF SMALL_VIDEO_CRF, peak
 * SMALL_VIDEO_MAXRATE_KBPS) fitting in SMALL_VIDEO_MAX_SIDE px square (never enlarged), its first audio stream as AAC
 * when it has one, moov at the front, no metadata (checked by mp4MetadataIn). Resolves to its size, or to null (and
 * no file) when it is not smaller than maxBytes. Throws MetadataLeftError when the output holds metadata, ffmpeg's
 * Error when it cannot decode the video or outlives timeoutSeconds.
 */
export async function encodeSmallVideo(
  path: string,
  smallPath: string,
  maxBytes: number,
  timeoutSeconds: number,
): Promise<SmallVideo | null> {
  const side = SMALL_VIDEO_MAX_SIDE
  await runFfmpeg(
    [
      '-codec_whitelist',
      `${POSTER_DECODERS},${AUDIO_DECODERS}`,
      '-threads',
      '1',
      '-i',
      path,
      '-map',
      '0:V:0',
      '-map',
      '0:a:0?',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-vf',
      `scale=w='min(${side},iw)':h='min(${side},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      String(SMALL_VIDEO_CRF),
      '-maxrate',
      `${SMALL_VIDEO_MAXRATE_KBPS}k`,
      '-bufsize',
      `${2 * SMALL_VIDEO_MAXRATE_KBPS}k`,
      '-pix_fmt',
      'yuv420p',
      '-threads',
      String(SMALL_VIDEO_THREADS),
      '-c:a',
      'aac',
      '-b:a',
      `${SMALL_VIDEO_AUDIO_KBPS}k`,
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      smallPath,
    ],
    timeoutSeconds,
  )
  const left = await mp4MetadataIn(smallPath)
  if (left.length) throw new MetadataLeftError(`the small video/mp4 still holds ${left.join(', ')}`)
  const { size } = await stat(smallPath)
  if (size >= maxBytes) {
    await rm(smallPath, { force: true })
    return null
  }
  const { width, height } = (await readMp4Facts(smallPath)).videoTracks[0] ?? {}
  if (!width || !height) throw new Error('no video track with a size in the small rendition')
  return { width, height, size }
}

/**
 * Writes a copy of the MP4 at path without metadata to strippedPath (stripVideoMetadata: streams copied, moov moved
 * to the front for quick starts), cuts a poster frame (a tenth in, at most 1 s) and writes the small rendition of the
 * copy to smallPath (encodeSmallVideo); each ffmpeg run may take timeoutSeconds. The rendition is optional: when its
 * encode fails or times out, or it is not smaller than the copy, the video comes without it (small null,
 * smallFailed saying why). Throws RefusedMediaError (415) when a video track's codec is not one the site serves,
 * MetadataLeftError when the copy or the rendition still holds metadata, an Error when the moov names no video track
 * with a size or ffmpeg cannot read the video.
 */
export async function processVideo(path: string, strippedPath: string, smallPath: string, timeoutSeconds: number): Promise<ProcessedVideo> {
  const { videoTracks, durationMs } = await readMp4Facts(path)
  const refused = videoTracks.find((t) => !(t.codec in SERVED_VIDEO_CODECS))
  if (refused)
    throw new RefusedMediaError(
      415,
      `The video codec ${JSON.stringify(refused.codec.replace(/[^ -~]/g, '?'))} is not accepted; use ${[...new Set(Object.values(SERVED_VIDEO_CODECS))].join(', ')}`,
    )
  const { width, height } = videoTracks[0] ?? {}
  if (!width || !height) throw new Error('no video track with a size in the MP4')
  const at = Math.min(1, (durationMs ?? 0) / 10000)
  await stripVideoMetadata(path, strippedPath, timeoutSeconds)
  const frame = await runFfmpeg(
    [
      '-codec_whitelist',
      POSTER_DECODERS,
      '-threads',
      '1',
      '-ss',
      String(at),
      '-i',
      path,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    timeoutSeconds,
  )
  if (frame.length === 0) throw new Error('ffmpeg found no video frame')
  const [poster, placeholder, phash] = await Promise.all([
    encodeWebpVariant(sharp(frame), POSTER_MAX_WIDTH, timeoutSeconds),
    thumbhashOf(frame, timeoutSeconds),
    perceptualHash(frame, timeoutSeconds),
  ])
  const small = await encodeSmallVideo(strippedPath, smallPath, (await stat(strippedPath)).size, timeoutSeconds).then(
    (made) => ({ made, failed: null }),
    (e: Error) => {
      if (e instanceof MetadataLeftError) throw e
      return { made: null, failed: e.message }
    },
  )
  return { width, height, durationMs, poster, placeholder, phash, small: small.made, smallFailed: small.failed }
}
