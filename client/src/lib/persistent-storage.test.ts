import { describe, expect, it } from 'bun:test'
import { formatBytes } from './format'
import { formatStorageStatus } from './persistent-storage'

describe('formatStorageStatus', () => {
  it('writes usage and quota in 1024-based units with one decimal', () => {
    expect(formatStorageStatus({ usage: 3.2 * 1024 * 1024, quota: 1.2 * 1024 ** 3, persisted: false })).toBe(
      'Storage: 3.2 MB used of 1.2 GB',
    )
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(5 * 1024 ** 4)]).toEqual([
      '0 B',
      '1023 B',
      '1.5 KB',
      '5.0 TB',
    ])
  })

  it('says when the browser gives no estimate', () => {
    expect(formatStorageStatus({ usage: null, quota: null, persisted: false })).toBe('Storage: estimate not available')
  })
})
