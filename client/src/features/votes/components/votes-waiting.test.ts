import { describe, expect, it } from 'bun:test'
import { votesWaitingText } from './votes-waiting'

describe('votesWaitingText', () => {
  it('says how many votes wait, singular for one and nothing for none', () => {
    expect(votesWaitingText(0)).toBe('')
    expect(votesWaitingText(1)).toBe('1 vote waiting to sync')
    expect(votesWaitingText(3)).toBe('3 votes waiting to sync')
  })
})
