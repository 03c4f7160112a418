import { describe, expect, it } from 'bun:test'
import { EmailCaptureInputSchema, SkipButtonInputSchema } from '@contract/admin/config'
import { parseThreshold } from './api/email-capture-config'
import { viewConfigForm } from './config-form-state'
import { fieldErrors } from './validate'

type CaptureDraft = { isEnabled: boolean; voteThreshold: string }
const saved: CaptureDraft = { isEnabled: false, voteThreshold: '5' }
const toInput = (d: CaptureDraft) => ({ isEnabled: d.isEnabled, voteThreshold: parseThreshold(d.voteThreshold) })

describe('viewConfigForm', () => {
  it('shows the saved values, not dirty, before any edit (and again after a reset, which drops the edits)', () => {
    expect(viewConfigForm(saved, null, toInput)).toEqual({ draft: saved, input: { isEnabled: false, voteThreshold: 5 }, dirty: false })
  })

  it('is dirty once an edit changes what Save would send', () => {
    const view = viewConfigForm(saved, { ...saved, isEnabled: true }, toInput)
    expect(view).toEqual({ draft: { isEnabled: true, voteThreshold: '5' }, input: { isEnabled: true, voteThreshold: 5 }, dirty: true })
    expect(viewConfigForm(saved, { ...saved, voteThreshold: '0' }, toInput).dirty).toBe(true)
  })

  it('is not dirty when the edit parses to the saved value, or was typed back', () => {
    expect(viewConfigForm(saved, { ...saved, voteThreshold: '05' }, toInput).dirty).toBe(false)
    expect(viewConfigForm(saved, { ...saved }, toInput).dirty).toBe(false)
  })
})

describe('fieldErrors on config inputs', () => {
  it("answers the contract's first message per invalid field, and nothing for a valid input", () => {
    expect(fieldErrors(EmailCaptureInputSchema, { isEnabled: true, voteThreshold: 0 })).toEqual({
      voteThreshold: 'Vote threshold must be at least 1',
    })
    expect(fieldErrors(EmailCaptureInputSchema, { isEnabled: true, voteThreshold: 3 })).toEqual({})
    const errors = fieldErrors(SkipButtonInputSchema, { zoneName: '', buttonText: '', buttonUrl: 'not a url', isActive: true })
    expect(errors).toEqual({
      zoneName: 'Zone name cannot be empty',
      buttonText: 'Button text cannot be empty',
      buttonUrl: 'Please enter a valid URL (e.g., https://example.com)',
    })
  })
})
