import { describe, expect, it } from 'bun:test'
import type { DuplicateGroup } from '@contract/admin/bucket'
import { selectDuplicateKeys } from './bucket-files'

const file = (key: string, lastModified: string) => ({ key, size: 10, lastModified, derivedCount: 0, derivedSize: 0 })

describe('selectDuplicateKeys', () => {
  it('selects every file of a group except the most recently modified one', () => {
    const groups: DuplicateGroup[] = [
      {
        type: 'hash',
        criteria: 'abc',
        files: [file('a', '2026-11-20T10:00:00Z'), file('c', '2026-11-22T10:00:00Z'), file('b', '2026-11-21T10:00:00Z')],
      },
    ]
    expect([...selectDuplicateKeys(groups)].sort()).toEqual(['a', 'b'])
  })

  it('never selects a file that another group keeps as its newest', () => {
    const groups: DuplicateGroup[] = [
      { type: 'hash', criteria: 'x', files: [file('old-x', '2026-11-20T00:00:00Z'), file('new-x', '2026-11-21T00:00:00Z')] },
      { type: 'size', criteria: '10 bytes', files: [file('new-x', '2026-11-21T00:00:00Z'), file('y', '2026-11-22T00:00:00Z')] },
    ]
    expect([...selectDuplicateKeys(groups)]).toEqual(['old-x'])
  })

  it('selects nothing without groups', () => {
    expect(selectDuplicateKeys([]).size).toBe(0)
  })
})
