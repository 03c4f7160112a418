import { describe, expect, it } from 'bun:test'
import { isIosDevice } from './install-prompt'

describe('isIosDevice', () => {
  it('recognises iPhone, and iPad that reports itself as a touch Mac', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
    expect(isIosDevice({ userAgent: iphone, maxTouchPoints: 5 })).toBe(true)
    expect(isIosDevice({ userAgent: mac, maxTouchPoints: 5 })).toBe(true)
    expect(isIosDevice({ userAgent: mac, maxTouchPoints: 0 })).toBe(false)
    expect(isIosDevice({ userAgent: android, maxTouchPoints: 5 })).toBe(false)
  })
})
