import { describe, expect, it } from 'bun:test'
import { BackButtonInputSchema, EmailCaptureInputSchema, IdleRedirectInputSchema, SkipButtonInputSchema } from '@contract/admin/config'
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

  it('answers the messages of the redirect forms', () => {
    expect(fieldErrors(IdleRedirectInputSchema, { idleRedirectTime: 29, idleRedirectUrl: 'example.com' })).toEqual({
      idleRedirectTime: 'Idle redirect time must be at least 30 seconds',
      idleRedirectUrl: 'Please enter a valid URL including http:// or https://',
    })
    expect(fieldErrors(BackButtonInputSchema, { backButtonUrl: 'ftp://files.example/x' })).toEqual({
      backButtonUrl: 'Please enter a valid URL including http:// or https://',
    })
  })

  it('answers nothing for valid values, including an empty URL that turns a redirect off', () => {
    expect(fieldErrors(EmailCaptureInputSchema, { isEnabled: true, voteThreshold: 3 })).toEqual({})
    expect(fieldErrors(IdleRedirectInputSchema, { idleRedirectTime: 30, idleRedirectUrl: '' })).toEqual({})
    expect(fieldErrors(BackButtonInputSchema, { backButtonUrl: 'https://example.com/x' })).toEqual({})
  })
})

describe('parseThreshold', () => {
  it('reads whole numbers and turns an unparsable entry into 1', () => {
    expect([parseThreshold('12'), parseThreshold('0'), parseThreshold(''), parseThreshold('abc')]).toEqual([12, 0, 1, 1])
  })
})
