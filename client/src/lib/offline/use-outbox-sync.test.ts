import { describe, expect, it } from 'bun:test'
import type { DropReport } from './outbox-db'
import { dropToast } from './use-outbox-sync'

const report = (kind: DropReport['kind'], reason: string): DropReport => ({ id: kind, kind, status: 404, reason, droppedAt: 0 })

describe('dropToast', () => {
  it("titles a refused vote 'Vote Failed' with the server's message", () => {
    expect(dropToast([report('vote', 'Media not found')])).toEqual({ title: 'Vote Failed', description: 'Media not found', variant: 'destructive' })
  })

  it('leads with the most important refusal and counts the others', () => {
    expect(dropToast([report('view', 'Media not found'), report('vote', 'You cannot vote on your own media')])).toEqual({
      title: 'Vote Failed',
      description: 'You cannot vote on your own media (1 more not sent)',
      variant: 'destructive',
    })
    expect(dropToast([report('vote', 'a'), report('upload', 'This file has already been uploaded')]).title).toBe('Upload failed')
  })

  it("falls back to 'Failed to submit vote' without a message", () => {
    expect(dropToast([report('vote', '')]).description).toBe('Failed to submit vote')
  })
})
