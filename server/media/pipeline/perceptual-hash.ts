/**
 * The perceptual hash of a picture (docs/media-pipeline.md > Near duplicates): a 64-bit DCT pHash that stays nearly
 * the same when the picture is resized, re-encoded, converted to another format, cropped a little, captioned or turned
 * grey, so the bucket's duplicate scan and the upload find copies a moderator would call the same picture.
 */
import sharp from 'sharp'

/** Side of the greyscale square the hash is computed on, px. */
const SAMPLE = 32
/** Side of the low-frequency block of DCT coefficients that become the 64 bits. */
const LOW = 8
/** Largest decoded image accepted here, pixels: the pipeline's own limit (image-pipeline.ts MAX_INPUT_PIXELS). */
const MAX_INPUT_PIXELS = 100_000_000

/** COS[u][x]: the DCT-II basis, cos((2x + 1) u pi / 2N), for the LOW frequencies u over the SAMPLE positions x. */
const COS = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SAMPLE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SAMPLE))),
)

/**
 * The 8 x 8 lowest-frequency coefficients of the 2-D DCT-II of a SAMPLE x SAMPLE greyscale image (row-major bytes),
 * row-major by (vertical u, horizontal v); unnormalised: only their order against the median matters.
 */
export function lowFrequencyDct(pixels: Uint8Array): Float64Array {
  // Separable: every row's LOW horizontal frequencies first, then the LOW vertical frequencies of those.
  const rows = new Float64Array(SAMPLE * LOW)
  for (let y = 0; y < SAMPLE; y++)
    for (let v = 0; v < LOW; v++) {
      let sum = 0
      for (let x = 0; x < SAMPLE; x++) sum += pixels[y * SAMPLE + x] * COS[v][x]
      rows[y * LOW + v] = sum
    }
  const out = new Float64Array(LOW * LOW)
  for (let u = 0; u < LOW; u++)
    for (let v = 0; v < LOW; v++) {
      let sum = 0
      for (let y = 0; y < SAMPLE; y++) sum += rows[y * LOW + v] * COS[u][y]
      out[u * LOW + v] = sum
    }
  return out
}

/**
 * The 64-bit hash of the coefficients as 16 hex digits: bit i (from the most significant) is set when coefficient i
 * is above the median of the 63 coefficients other than the DC term (the mean brightness, which says nothing of
 * the picture's shapes and would skew the median).
 */
export function hashOfCoefficients(coefficients: Float64Array): string {
  const ac = [...coefficients.subarray(1)].sort((a, b) => a - b)
  const median = (ac[31] + ac[32]) / 2
  let hex = ''
  for (let nibble = 0; nibble < 16; nibble++) {
    let n = 0
    for (let bit = 0; bit < 4; bit++) n = (n << 1) | (coefficients[nibble * 4 + bit] > median ? 1 : 0)
    hex += n.toString(16)
  }
  return hex
}

/**
 * The perceptual hash (16 hex digits) of the picture in input (a file path or encoded bytes; the first frame of an
 * animation): EXIF orientation applied, squeezed to SAMPLE x SAMPLE greyscale (aspect ignored: a resized copy
 * gives the same square), its low-frequency DCT thresholded at the median. Stops after timeoutSeconds; throws
 * sharp's Error when the input cannot be decoded.
 */
export async function perceptualHash(input: string | Uint8Array, timeoutSeconds: number): Promise<string> {
  const pixels = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .timeout({ seconds: timeoutSeconds })
    .autoOrient()
    .resize(SAMPLE, SAMPLE, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer()
  return hashOfCoefficients(lowFrequencyDct(new Uint8Array(pixels.buffer, pixels.byteOffset, SAMPLE * SAMPLE)))
}
