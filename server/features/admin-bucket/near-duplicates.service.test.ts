import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import sharp from 'sharp'
import { nearPairs } from './near-duplicates.service'
import { bandProbes, bandsOf, hammingDistance } from '../../media/near-duplicates'
import { perceptualHash } from '../../media/pipeline/perceptual-hash'

const FIXTURES = join(import.meta.dir, '..', '..', '..', '..', 'shared', 'fixtures', 'media')

/** A random 16-hex-digit hash from rnd. */
const randomHash = (rnd: () => number) => Array.from({ length: 16 }, () => Math.floor(rnd() * 16).toString(16)).join('')
/** hash with the given bit positions (0 = most significant) flipped. */
const flip = (hash: string, bits: number[]) => {
  let n = BigInt(`0x${hash}`)
  for (const b of bits) n ^= 1n << BigInt(63 - b)
  return n.toString(16).padStart(16, '0')
}

describe('perceptual hash distance', () => {
  it('counts differing bits and splits a hash into four 16-bit bands', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64)
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2)
    expect(hammingDistance('0123456789abcdef', '0123456789abcdef')).toBe(0)
    expect(bandsOf('0001ffff8000abcd')).toEqual([1, 0xffff, 0x8000, 0xabcd])
  })

  it('probes every band value within the radius, each once', () => {
    for (const [radius, size] of [
      [0, 1],
      [1, 17],
      [2, 137],
    ]) {
      const probes = bandProbes(0x1234, radius)
      expect(new Set(probes).size).toBe(size)
      expect(
        probes.every((p) => hammingDistance(p.toString(16).padStart(16, '0'), (0x1234).toString(16).padStart(16, '0')) <= radius),
      ).toBe(true)
    }
  })

  it('finds exactly the pairs within the distance that brute force finds', () => {
    let seed = 7
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const hashes: string[] = []
    for (let i = 0; i < 300; i++) {
      const base = randomHash(rnd)
      hashes.push(
        base,
        flip(
          base,
          Array.from({ length: Math.floor(rnd() * 14) }, () => Math.floor(rnd() * 64)),
        ),
      )
    }
    const items = hashes.map((phash, id) => ({
      id,
      phash,
      mimeType: 'image/jpeg',
      durationMs: null,
      uploadedAt: '2026-11-22T00:00:00.000Z',
    }))
    const brute: string[] = []
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) if (hammingDistance(hashes[i], hashes[j]) <= 10) brute.push(`${i}-${j}`)
    expect(brute.length).toBeGreaterThan(200)
    expect(
      nearPairs(items, 10)
        .map(([i, j]) => `${i}-${j}`)
        .sort(),
    ).toEqual(brute.sort())
  })

  it('hashes a resized, re-encoded copy within a few bits of its source and a different picture far from it', async () => {
    const cat = join(FIXTURES, 'tabby-cat.png')
    const source = await perceptualHash(cat, 30)
    const copy = await perceptualHash(await sharp(cat).resize(113).jpeg({ quality: 50 }).toBuffer(), 30)
    const other = await perceptualHash(join(FIXTURES, 'yellow-daisy.webp'), 30)
    expect(source).toMatch(/^[0-9a-f]{16}$/)
    expect(hammingDistance(source, copy)).toBeLessThanOrEqual(6)
    expect(hammingDistance(source, other)).toBeGreaterThan(16)
  })
})
