/**
 * Near-duplicate arithmetic on perceptual hashes (16 hex digits, server/media/pipeline/perceptual-hash.ts), without
 * sharp: the Hamming distance, the four 16-bit bands stored as indexed columns, and the band values a lookup within a
 * distance probes (docs/media-pipeline.md > Near duplicates).
 */

/** Bands a hash is split into; each is 16 bits, stored as media.phash_band0..3. */
export const BANDS = 4

/** Set bits of each byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, n) => {
  let bits = 0
  for (let m = n; m; m >>= 1) bits += m & 1
  return bits
})

/** The number of differing bits (0-64) between two 16-hex-digit hashes. */
export function hammingDistance(a: string, b: string): number {
  let bits = 0
  for (let i = 0; i < 16; i += 2) bits += POPCOUNT[Number.parseInt(a.slice(i, i + 2), 16) ^ Number.parseInt(b.slice(i, i + 2), 16)]
  return bits
}

/** The four 16-bit bands (0-65535) of a hash, most significant first. */
export const bandsOf = (hash: string): number[] =>
  Array.from({ length: BANDS }, (_, i) => Number.parseInt(hash.slice(i * 4, i * 4 + 4), 16))

/**
 * Every 16-bit value within radius differing bits of band, band itself first. Two hashes within distance d of each
 * other have at least one band within floor(d / BANDS) bits (pigeonhole), so probing these values on each band finds
 * every item within d: the lookup is exact, not a sample.
 */
export function bandProbes(band: number, radius: number): number[] {
  const out = [band]
  const flip = (value: number, from: number, left: number) => {
    for (let bit = from; bit < 16; bit++) {
      const next = value ^ (1 << bit)
      out.push(next)
      if (left > 1) flip(next, bit + 1, left - 1)
    }
  }
  if (radius > 0) flip(band, 0, radius)
  return out
}

/** The probe radius per band for distance d (see bandProbes). */
export const probeRadius = (distance: number) => Math.floor(distance / BANDS)

/** True when two videos' durations (ms; null when unknown) are close enough to be one clip: within 1 s or 2%. */
export function durationsMatch(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b
  return Math.abs(a - b) <= Math.max(1000, 0.02 * Math.max(a, b))
}
