import { describe, expect, it } from 'bun:test'
import type { RateMedia } from '@contract/media'
import { rateMedia } from '../../../../../tests/support/rate-media'
import {
  FIRST_SCREEN_BUDGET_BYTES,
  filesForStep,
  filesToShow,
  filesToWarm,
  NEXT_ITEMS,
  PREFETCH_BUDGET_BYTES,
  type WarmFile,
} from './use-prefetch-media'

const MB = 1024 * 1024
const item = (id: number, size: number, mimeType = 'image/jpeg'): RateMedia => rateMedia(id, { size, mimeType })
const whole = (i: RateMedia): WarmFile[] => [{ url: i.url, size: i.size, image: true }]

/** A 4:3 landscape photo 1600 px wide with the four standard variants (sizes in bytes). */
const photo: RateMedia = {
  ...item(9, 2 * MB),
  width: 1600,
  height: 1200,
  variants: [320, 640, 1080, 1600].map((w) => ({ url: `/v/w${w}.webp`, width: w, height: (w * 3) / 4, size: w * 100 })),
}

describe('filesToWarm', () => {
  it('warms every item after the one on screen while they fit the budget', () => {
    const queue = [1, 2, 3, 4].map((id) => item(id, 2 * MB))
    expect(filesToWarm(queue, PREFETCH_BUDGET_BYTES, false, whole).map((f) => f.url)).toEqual([
      '/api/media/file/2',
      '/api/media/file/3',
      '/api/media/file/4',
    ])
  })

  it('counts the files it warms and stops at the first item over the budget', () => {
    const queue = [item(1, 5 * MB), item(2, 20 * MB, 'video/mp4'), item(3, 20 * MB, 'video/mp4'), item(4, 10 * MB), item(5, 1 * MB)]
    expect(filesToWarm(queue, 50 * MB, false, whole).map((f) => f.url)).toEqual(['/api/media/file/2', '/api/media/file/3'])
    expect(filesToWarm(queue, 4 * MB, false, whole)).toEqual([])
  })

  it('warms only the next item under Data Saver', () => {
    const queue = [1, 2, 3].map((id) => item(id, 1000))
    expect(filesToWarm(queue, PREFETCH_BUDGET_BYTES, true, whole).map((f) => f.url)).toEqual(['/api/media/file/2'])
    expect(filesToWarm([item(1, 1000)], PREFETCH_BUDGET_BYTES, true, whole)).toEqual([])
  })
})

describe('filesToShow', () => {
  it('picks the variant a 390-px phone at DPR 3 shows, the one a DPR-1 screen shows, and the smallest under Data Saver', () => {
    // 390 x 844: the box is 358 px wide (page padding), so 1074 device px: the 1080 variant.
    expect(filesToShow(photo, 390, 844, 3, false)).toEqual([{ url: '/v/w1080.webp', size: 108000, image: true }])
    // At DPR 1 the 358 px are under the geometric mean of 320 and 640 (452): the 320 variant, as the srcset declares it.
    expect(filesToShow(photo, 390, 844, 1, false)).toEqual([{ url: '/v/w320.webp', size: 32000, image: true }])
    expect(filesToShow(photo, 390, 844, 3, true)).toEqual([{ url: '/v/w320.webp', size: 32000, image: true }])
  })

  it('picks the variant chromium shows from the srcset on a 412-px phone at DPR 1.75, below the geometric mean of the two widths', () => {
    // 412 x 823: a 380-px box, 665 device px; 640 is 1.68 px per px and 1080 2.84, whose geometric mean 2.19 is over 1.75.
    expect(filesToShow(photo, 412, 823, 1.75, false)).toEqual([{ url: '/v/w640.webp', size: 64000, image: true }])
    expect(filesToShow(photo, 412, 823, 2.625, false)).toEqual([{ url: '/v/w1080.webp', size: 108000, image: true }])
  })

  it('counts the budget by variant bytes: 50 MB holds many more photos than their originals', () => {
    const queue = Array.from({ length: 400 }, (_, i) => ({
      ...photo,
      id: i,
      url: `/o/${i}`,
      variants: photo.variants.map((v) => ({ ...v, url: `${v.url}?${i}` })),
    }))
    const files = filesToWarm(queue, PREFETCH_BUDGET_BYTES, false, (i) => filesToShow(i, 390, 844, 3, false))
    expect(files.length).toBeGreaterThan(400 - 2)
    expect(filesToWarm(queue, PREFETCH_BUDGET_BYTES, false, whole).length).toBe(24)
  })

  it('warms a video and its poster, and an item without variants by its own file', () => {
    const video = { ...item(2, 3 * MB, 'video/mp4'), posterUrl: '/p.webp' }
    expect(filesToShow(video, 390, 844, 3, false)).toEqual([
      { url: video.url, size: 3 * MB, image: false },
      { url: '/p.webp', size: 0, image: true },
    ])
    expect(filesToShow(item(3, 500), 390, 844, 3, false)).toEqual([{ url: '/api/media/file/3', size: 500, image: true }])
  })

  it("warms the video file the box plays: its small rendition on a phone and under Data Saver, its own file on a large screen, and counts that file's bytes", () => {
    const clip: RateMedia = {
      ...item(4, 2_300_000, 'video/mp4'),
      width: 1280,
      height: 720,
      posterUrl: '/p.webp',
      smallVideo: { url: '/s/small.mp4', width: 640, height: 360, size: 150_000 },
    }
    const played = (innerWidth: number, innerHeight: number, dpr: number, saveData = false) =>
      filesToShow(clip, innerWidth, innerHeight, dpr, saveData)[0]
    // 412 x 823 at DPR 1.75: a 380-px box, 665 device px, under the geometric mean of 640 and 1280 (905).
    expect(played(412, 823, 1.75)).toEqual({ url: '/s/small.mp4', size: 150_000, image: false })
    // 1920 x 1080 at DPR 1: a box of about 1,580 px, past 905.
    expect(played(1920, 1080, 1)).toEqual({ url: clip.url, size: 2_300_000, image: false })
    expect(played(1920, 1080, 1, true)).toEqual({ url: '/s/small.mp4', size: 150_000, image: false })
    // Before the first vote the clip fits the 1 MB budget by its rendition's bytes.
    const queue = [item(1, 300_000), clip, item(5, 300_000)]
    const phone = (i: RateMedia) => filesToShow(i, 412, 823, 1.75, false)
    expect(filesForStep(queue, false, PREFETCH_BUDGET_BYTES, false, phone).map((f) => f.url)).toEqual([
      '/s/small.mp4',
      '/p.webp',
      '/api/media/file/5',
    ])
  })
})

describe('filesForStep', () => {
  const urls = (files: WarmFile[]) => files.map((f) => f.url)
  const queue = [item(1, 300_000), item(2, 300_000), item(3, 300_000, 'image/gif'), item(4, 300_000), item(5, 4 * MB, 'video/mp4')]

  it(`before the first vote warms only the next ${NEXT_ITEMS} items, inside ${FIRST_SCREEN_BUDGET_BYTES / MB} MB with the one on screen`, () => {
    expect(urls(filesForStep(queue, false, PREFETCH_BUDGET_BYTES, false, whole))).toEqual(['/api/media/file/2', '/api/media/file/3'])
    // A next item over the budget is left for later, and so is every item after it.
    const big = [item(1, 600_000), item(2, 600_000), item(3, 1000)]
    expect(filesForStep(big, false, PREFETCH_BUDGET_BYTES, false, whole)).toEqual([])
  })

  it('after it warms the whole queue inside the budget, and preloads only the next item as an image', () => {
    const files = filesForStep(queue, true, PREFETCH_BUDGET_BYTES, false, whole)
    expect(urls(files)).toEqual(['/api/media/file/2', '/api/media/file/3', '/api/media/file/4', '/api/media/file/5'])
    expect(files.filter((f) => f.image).map((f) => f.url)).toEqual(['/api/media/file/2'])
  })
})
