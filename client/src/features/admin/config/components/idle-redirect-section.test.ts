import { describe, expect, it } from 'bun:test'
import { idlePreview, parseIdleTime } from './idle-redirect-section'

describe('parseIdleTime', () => {
  it('reads whole seconds and turns an unparsable entry into 30', () => {
    expect(parseIdleTime('300')).toBe(300)
    expect(parseIdleTime('')).toBe(30)
    expect(parseIdleTime('abc')).toBe(30)
  })
})

describe('idlePreview', () => {
  it('describes the redirect, or says it is off without a URL', () => {
    expect(idlePreview(45, ' https://example.com ')).toBe('After 45 seconds without activity, visitors are sent to https://example.com')
    expect(idlePreview(45, ' ')).toBe('Idle redirect is disabled: no URL is set.')
  })
})
