import { describe, expect, it } from 'bun:test'
import { EmailCaptureInputSchema, SkipButtonInputSchema } from '@contract/admin/config'
import { parseThreshold } from './api/email-capture-config'
import { fieldErrors } from './validate'

describe('fieldErrors', () => {
  it('answers the first contract message of each invalid field', () => {
    expect(fieldErrors(SkipButtonInputSchema, { zoneName: ' ', buttonText: '', buttonUrl: 'nope', isActive: true })).toEqual({
      zoneName: 'Zone name cannot be empty',
      buttonText: 'Button text cannot be empty',
      buttonUrl: 'Please enter a valid URL (e.g., https://example.com)',
    })
  })

  it('answers nothing for valid values', () => {
    expect(fieldErrors(EmailCaptureInputSchema, { isEnabled: true, voteThreshold: 3 })).toEqual({})
  })
})

describe('parseThreshold', () => {
  it('reads whole numbers and turns an unparsable entry into 1', () => {
    expect([parseThreshold('12'), parseThreshold('0'), parseThreshold(''), parseThreshold('abc')]).toEqual([12, 0, 1, 1])
  })
})
