/**
 * Images through sharp (docs/media-pipeline.md): orientation applied, metadata stripped, sRGB, WebP display variants that are
 * never wider than the source, a thumbhash placeholder. Animated GIF and WebP keep every frame, up to a frame cap, and
 * get a still poster of their first frame; every sharp run stops at a timeout.
 */
import sharp, { type Sharp } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { VARIANT_WIDTHS } from '../media-keys'
import { ANIMATABLE_TYPES } from '../../contract/media'
import { RefusedMediaError } from './media-errors'
import { assertMetadataFree, stripImageMetadata, type EncodedImage } from './strip-metadata'
import { perceptualHash } from './perceptual-hash'

// Each upload is decoded once, so libvips's operation cache (up to 50 MB and 100 operations by default) only keeps
// memory that no later image reuses; one libvips worker thread per image keeps the threads' allocations small, and
// uploads run side by side anyway (docs/performance.md).
sharp.cache(false)
sharp.concurrency(1)

/** Largest decoded image accepted, pixels (about 100 MP) summed over all frames: guards against decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000
/** WebP quality of display variants and posters (0-100); docs/accessibility.md > Lighthouse gives the bytes it was chosen by. */
const VARIANT_QUALITY = 70
/** JPEG and WebP quality of the full-size stripped copy (0-100). */
const DISPLAY_QUALITY = 88
/** libwebp effort (0-6) of still variants and posters: libwebp's default, fewer bytes than 2 for a little more encoding time. */
const VARIANT_EFFORT = 4
/** libwebp effort of animated variants: every frame is encoded, and higher efforts multiply the upload's time. */
const ANIMATED_EFFORT = 2

/**
 * Widest poster, px: the poster is the first screen's largest paint when an animation or a video comes first, and
 * shows only until the animation or video replaces it: about two device px per px on a phone, at far fewer bytes
 * than a DPR-3 width.
 */
export const POSTER_MAX_WIDTH = 720

/**
 * A processed image: the stripped full-size copy in the uploaded type, the variants narrowest first, the placeholder,
 * frames (1 for a still image), for an animation the still poster of its first frame (null for a still image), and
 * phash, the perceptual hash (16 hex digits) of the image or of an animation's first frame.
 */
export type ProcessedImage = {
  display: EncodedImage
  variants: EncodedImage[]
  placeholder: string
  frames: number
  poster: EncodedImage | null
  phash: string
}

/** The variant widths for a source width px wide: every step of VARIANT_WIDTHS it reaches, plus its own width when narrower than the widest step. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width)
  if (width < VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] && !widths.includes(width)) widths.push(width)
  return widths
}

/** Limits of one image job: frames of an animation, and seconds each sharp run may take. */
export type ImageLimits = { maxFrames: number; timeoutSeconds: number }

/** Thumbhash (base64) of an image as a person sees it, from at most 100 x 100 px of it; stops after timeoutSeconds. */
export async function thumbhashOf(input: string | Uint8Array, timeoutSeconds: number): Promise<string> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .timeout({ seconds: timeoutSeconds })
    .autoOrient()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')
}

/**
 * WebP of image resized to width px (never enlarged), without metadata (checked by assertMetadataFree: throws
 * MetadataLeftError); animated input (animated true) stays animated; stops after timeoutSeconds.
 */
export async function encodeWebpVariant(image: Sharp, width: number, timeoutSeconds: number, animated = false): Promise<EncodedImage> {
  const effort = animated ? ANIMATED_EFFORT : VARIANT_EFFORT
  const { data, info } = await image
    .timeout({ seconds: timeoutSeconds })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: VARIANT_QUALITY, effort })
    .toBuffer({ resolveWithObject: true })
  const bytes = new Uint8Array(data)
  assertMetadataFree(bytes, 'image/webp')
  return { width: info.width, height: info.pageHeight ?? info.height, bytes }
}

/** The encoder of the full-size copy in the uploaded type, in sRGB; stripImageMetadata runs it. */
function encodeDisplay(image: Sharp, type: string): Sharp {
  if (type === 'image/jpeg') return image.jpeg({ quality: DISPLAY_QUALITY })
  if (type === 'image/png') return image.png()
  if (type === 'image/gif') return image.gif()
  return image.webp({ quality: DISPLAY_QUALITY })
}

/**
 * Processes the image file at path of the given type within limits: the full-size copy by stripImageMetadata, the
 * variants by encodeWebpVariant, none of them with metadata. Throws RefusedMediaError (413) for an animation
 * of more than limits.maxFrames frames or more than MAX_INPUT_PIXELS pixels over all frames, MetadataLeftError when an
 * output still holds metadata, an Error from sharp when the file cannot be decoded or a run outlives limits.timeoutSeconds.
 * width/height of every output are as displayed (EXIF orientation applied; one frame of an animation). An animation also
 * gets its first frame as a still WebP poster, at most POSTER_MAX_WIDTH px wide (encodeWebpVariant, as a still variant).
 * The perceptual hash is of the first frame (the poster's picture).
 */
export async function processImage(path: string, type: string, limits: ImageLimits): Promise<ProcessedImage> {
  const canAnimate = (ANIMATABLE_TYPES as readonly string[]).includes(type)
  // The header alone: sharp counts the frames without decoding them, and checks no pixel limit here.
  const meta = await sharp(path, { animated: canAnimate, limitInputPixels: false }).metadata()
  const frames = canAnimate ? (meta.pages ?? 1) : 1
  if (frames > limits.maxFrames)
    throw new RefusedMediaError(413, `The animation has ${frames} frames; at most ${limits.maxFrames} are accepted`)
  if (meta.width * (meta.pageHeight ?? meta.height) * frames > MAX_INPUT_PIXELS)
    throw new RefusedMediaError(413, `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels (all frames together)`)
  const animated = frames > 1
  const { timeoutSeconds } = limits
  // A fresh pipeline per output: sharp decodes again, with shrink-on-load for the narrow ones.
  const source = () =>
    sharp(path, { animated, limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: timeoutSeconds }).autoOrient().toColourspace('srgb')
  const displayWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width
  // sharp without `animated` decodes the first frame only: the poster.
  const firstFrame = () => sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().toColourspace('srgb')
  const [display, placeholder, phash, poster, ...variants] = await Promise.all([
    stripImageMetadata(encodeDisplay(source(), type), type),
    thumbhashOf(path, timeoutSeconds),
    perceptualHash(path, timeoutSeconds),
    animated ? encodeWebpVariant(firstFrame(), POSTER_MAX_WIDTH, timeoutSeconds) : null,
    ...variantWidthsFor(displayWidth).map((w) => encodeWebpVariant(source(), w, timeoutSeconds, animated)),
  ])
  return { display, variants, placeholder, frames, poster, phash }
}
