/** The preload's srcset picks, by "first candidate at least as dense as the screen", the file fileFor picks. */
import { describe, expect, it } from 'bun:test'
import { fileFor } from '@client/lib/media-variants'
import { preloadSrcset } from '@server/features/first-screen/first-screen.service'

const WIDTHS = [320, 480, 640, 1080, 1280]
const variants = WIDTHS.map((width) => ({ url: `/v/w${width}.webp`, width, size: width * 40 }))
const item = { url: '/v/file.jpg', mimeType: 'image/jpeg', size: 1, variants, placeholder: null, posterUrl: null } as never

/** The candidate a preload takes: the first whose declared width over cssWidth reaches dpr, else the widest. */
function preloadPick(srcset: string, cssWidth: number, dpr: number): string {
  const candidates = srcset.split(', ').map((c) => ({ url: c.split(' ')[0], width: Number(c.split(' ')[1].slice(0, -1)) }))
  return (candidates.find((c) => c.width / cssWidth >= dpr) ?? candidates[candidates.length - 1]).url
}

describe('preloadSrcset', () => {
  it('picks the file the screen picks on phones from 320 to 430 px wide at densities 1.5 to 3.5', () => {
    for (const cssWidth of [288, 328, 358, 380, 398]) {
      for (const dpr of [1.5, 1.75, 2, 2.25, 2.625, 3, 3.5]) expect(preloadPick(preloadSrcset(variants), cssWidth, dpr)).toBe(fileFor(item, cssWidth, dpr, false).url)
    }
  })
})
