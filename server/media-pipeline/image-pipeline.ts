/**
 * Images through sharp (issue #11): orientation applied, metadata stripped, sRGB, WebP display variants that are
 * never wider than the source, a thumbhash placeholder. Animated GIF and WebP keep every frame.
 */
import sharp, { type Sharp } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { VARIANT_WIDTHS } from '../media/media-keys'

/** Largest decoded image accepted, pixels (about 100 MP): guards against decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000
/** WebP quality of display variants and posters (0-100); README > Lighthouse gives the bytes it was chosen by. */
const VARIANT_QUALITY = 70
/** JPEG and WebP quality of the full-size stripped copy (0-100). */
const DISPLAY_QUALITY = 88
/** libwebp effort (0-6) of still variants and posters: libwebp's default, fewer bytes than 2 for a little more encoding time. */
const VARIANT_EFFORT = 4
/** libwebp effort of animated variants: every frame is encoded, and higher efforts multiply the upload's time. */
const ANIMATED_EFFORT = 2

/** One encoded image: width and height in px. */
export type EncodedImage = { width: number; height: number; bytes: Uint8Array }

/** A processed image: the stripped full-size copy in the uploaded type, the variants narrowest first, the placeholder. */
export type ProcessedImage = { display: EncodedImage; variants: EncodedImage[]; placeholder: string }

/** The variant widths for a source width px wide: every step of VARIANT_WIDTHS it reaches, plus its own width when narrower than the widest step. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width)
  if (width < VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] && !widths.includes(width)) widths.push(width)
  return widths
}

/** Thumbhash (base64) of an image as a person sees it, from at most 100 x 100 px of it. */
export async function thumbhashOf(input: string | Uint8Array): Promise<string> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')
}

/** WebP of image resized to width px (never enlarged); animated input (animated true) stays animated. */
export async function encodeWebpVariant(image: Sharp, width: number, animated = false): Promise<EncodedImage> {
  const effort = animated ? ANIMATED_EFFORT : VARIANT_EFFORT
  const { data, info } = await image.resize({ width, withoutEnlargement: true }).webp({ quality: VARIANT_QUALITY, effort }).toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.pageHeight ?? info.height, bytes: new Uint8Array(data) }
}

/** The full-size copy in the uploaded type, with no metadata (sharp writes none unless asked) and in sRGB. */
function encodeDisplay(image: Sharp, type: string): Sharp {
  if (type === 'image/jpeg') return image.jpeg({ quality: DISPLAY_QUALITY })
  if (type === 'image/png') return image.png()
  if (type === 'image/gif') return image.gif()
  return image.webp({ quality: DISPLAY_QUALITY })
}

/**
 * Processes the image file at path of the given type. Throws an Error from sharp when the file cannot be decoded.
 * width/height of every output are as displayed (EXIF orientation applied; one frame of an animation).
 */
export async function processImage(path: string, type: string): Promise<ProcessedImage> {
  const canAnimate = type === 'image/gif' || type === 'image/webp'
  const meta = await sharp(path, { animated: canAnimate, limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  const animated = canAnimate && (meta.pages ?? 1) > 1
  // A fresh pipeline per output: sharp decodes again, with shrink-on-load for the narrow ones.
  const source = () => sharp(path, { animated, limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().toColourspace('srgb')
  const displayWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width
  const [display, placeholder, ...variants] = await Promise.all([
    encodeDisplay(source(), type)
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ width: info.width, height: info.pageHeight ?? info.height, bytes: new Uint8Array(data) })),
    thumbhashOf(path),
    ...variantWidthsFor(displayWidth).map((w) => encodeWebpVariant(source(), w, animated)),
  ])
  return { display, variants, placeholder }
}
