import { describe, expect, it } from 'bun:test'
import type { RateMedia } from '@contract/media'
import { itemsToWarm, PREFETCH_BUDGET_BYTES } from './use-prefetch-media'

const MB = 1024 * 1024
const item = (id: number, size: number, mimeType = 'image/jpeg'): RateMedia => ({ id, url: `/api/media/file/${id}`, mimeType, size, width: 1, height: 1, totalVotes: 0, hotPercentage: 0, notPercentage: 0, userHasVoted: false, placeholder: null, variants: [], posterUrl: null })

describe('itemsToWarm', () => {
  it('warms every item after the one on screen while they fit the budget', () => {
    const queue = [1, 2, 3, 4].map((id) => item(id, 2 * MB))
    expect(itemsToWarm(queue, PREFETCH_BUDGET_BYTES, false).map((i) => i.id)).toEqual([2, 3, 4])
  })

  it('counts videos by their size and stops at the first item over the budget', () => {
    const queue = [item(1, 5 * MB), item(2, 20 * MB, 'video/mp4'), item(3, 20 * MB, 'video/mp4'), item(4, 10 * MB), item(5, 1 * MB)]
    expect(itemsToWarm(queue, 50 * MB, false).map((i) => i.id)).toEqual([2, 3])
    expect(itemsToWarm(queue, 4 * MB, false)).toEqual([])
  })

  it('warms only the next item under Data Saver', () => {
    const queue = [1, 2, 3].map((id) => item(id, 1000))
    expect(itemsToWarm(queue, PREFETCH_BUDGET_BYTES, true).map((i) => i.id)).toEqual([2])
    expect(itemsToWarm([item(1, 1000)], PREFETCH_BUDGET_BYTES, true)).toEqual([])
  })
})
