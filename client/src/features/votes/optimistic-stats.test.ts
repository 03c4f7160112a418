import { describe, expect, it } from 'bun:test'
import type { RateMedia } from '@contract/media'
import { optimisticStats } from './optimistic-stats'

const withStats = (totalVotes: number, hotPercentage: number): RateMedia => ({
  id: 1,
  url: '/x',
  mimeType: 'image/png',
  size: 1,
  width: null,
  height: null,
  totalVotes,
  hotPercentage,
  notPercentage: totalVotes ? 100 - hotPercentage : 0,
  userHasVoted: false,
  placeholder: null,
  variants: [],
  posterUrl: null,
  smallVideo: null,
})

describe('optimisticStats', () => {
  it('counts one more vote on an item without votes', () => {
    expect(optimisticStats(withStats(0, 0), true)).toEqual({ totalVotes: 1, hotPercentage: 100, notPercentage: 0 })
    expect(optimisticStats(withStats(0, 0), false)).toEqual({ totalVotes: 1, hotPercentage: 0, notPercentage: 100 })
  })

  it('recomputes the percentages from the counts (3 of 4 hot, then a not: 3 of 5)', () => {
    expect(optimisticStats(withStats(4, 75), false)).toEqual({ totalVotes: 5, hotPercentage: 60, notPercentage: 40 })
    expect(optimisticStats(withStats(4, 75), true)).toEqual({ totalVotes: 5, hotPercentage: 80, notPercentage: 20 })
  })
})
