import { describe, expect, it } from 'bun:test'
import { BackButtonInputSchema, IdleRedirectInputSchema } from '@contract/admin/config'
import { fieldErrors } from './field-errors'

describe('fieldErrors', () => {
  it('answers null for valid input, including an empty URL that turns the redirect off', () => {
    expect(fieldErrors(IdleRedirectInputSchema, { idleRedirectTime: 30, idleRedirectUrl: '' })).toBeNull()
    expect(fieldErrors(BackButtonInputSchema, { backButtonUrl: 'https://example.com/x' })).toBeNull()
  })

  it("answers the contract's message for each failing field", () => {
    expect(fieldErrors(IdleRedirectInputSchema, { idleRedirectTime: 29, idleRedirectUrl: 'example.com' })).toEqual({
      idleRedirectTime: 'Idle redirect time must be at least 30 seconds',
      idleRedirectUrl: 'Please enter a valid URL including http:// or https://',
    })
    expect(fieldErrors(BackButtonInputSchema, { backButtonUrl: 'ftp://files.example/x' })).toEqual({ backButtonUrl: 'Please enter a valid URL including http:// or https://' })
  })
})
