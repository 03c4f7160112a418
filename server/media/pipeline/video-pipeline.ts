/**
 * Videos: a metadata-free stream copy (./strip-metadata.ts: no re-encode; location atoms, titles and dates dropped) and a WebP
 * poster frame, both by ffmpeg out of process (./ffmpeg.ts); dimensions, duration and codec by the bounded reader
 * (./mp4-facts.ts), which runs first and refuses codecs the site does not serve.
 */
import sharp from 'sharp'
import { encodeWebpVariant, POSTER_MAX_WIDTH, thumbhashOf } from './image-pipeline'
import { readMp4Facts } from './mp4-facts'
import { runFfmpeg } from './ffmpeg'
import { stripVideoMetadata, type EncodedImage } from './strip-metadata'
import { RefusedMediaError } from './media-errors'
import { perceptualHash } from './perceptual-hash'

/** MP4 sample entry types of the video codecs the site serves (browsers play them): H.264, HEVC, VP9, AV1. */
const SERVED_VIDEO_CODECS: Record<string, string> = { avc1: 'H.264', avc3: 'H.264', hvc1: 'HEVC', hev1: 'HEVC', vp09: 'VP9', av01: 'AV1' }

/** ffmpeg decoders of those codecs (its own and the libraries Debian builds with): the poster step opens no other. */
const POSTER_DECODERS = 'h264,hevc,vp9,libvpx-vp9,av1,libdav1d,libaom-av1'

/**
 * A processed video: displayed width/height in px (of its first video track), duration in ms, the poster, its
 * placeholder and its perceptual hash (16 hex digits, of the poster frame at full size).
 */
export type ProcessedVideo = {
  width: number
  height: number
  durationMs: number | null
  poster: EncodedImage
  placeholder: string
  phash: string
}

/**
 * Writes a copy of the MP4 at path without metadata to strippedPath (stripVideoMetadata: streams copied, moov moved
 * to the front for quick starts) and cuts a poster frame (a tenth in, at most 1 s); each ffmpeg run may take
 * timeoutSeconds. Throws RefusedMediaError (415) when a video track's codec is not one the site serves,
 * MetadataLeftError when the copy still holds metadata, an Error when the moov names no video track with a size or
 * ffmpeg cannot read the video.
 */
export async function processVideo(path: string, strippedPath: string, timeoutSeconds: number): Promise<ProcessedVideo> {
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
  return { width, height, durationMs, poster, placeholder, phash }
}
