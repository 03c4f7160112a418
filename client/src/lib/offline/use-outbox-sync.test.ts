import { describe, expect, it } from 'bun:test'
import type { DropReport } from './outbox-db'
import { registerOutboxKind } from './outbox-kinds'
import { dropToast } from './use-outbox-sync'

// Kinds of this test only; the app's titles and texts are tested in client/src/outbox-kinds.test.ts.
const request = () => ({ url: '/x', init: {} })
registerOutboxKind({ kind: 'ballot', request, drop: { title: 'Ballot failed', fallback: 'No ballot', rank: 1 } })
registerOutboxKind({ kind: 'glance', request, drop: { title: 'Glance failed', fallback: 'No glance', rank: 2 } })
registerOutboxKind({ kind: 'parcel', request, drop: { title: 'Parcel failed', fallback: 'No parcel', rank: 0 } })

const report = (kind: string, reason: string): DropReport => ({ id: kind, kind, status: 404, reason, droppedAt: 0 })

describe('dropToast', () => {
  it("titles a refusal as its kind registered, with the server's message", () => {
    expect(dropToast([report('ballot', 'Media not found')])).toEqual({
      title: 'Ballot failed',
      description: 'Media not found',
      variant: 'destructive',
    })
  })

  it('leads with the refusal of the lowest registered rank and counts the others', () => {
    expect(dropToast([report('glance', 'Media not found'), report('ballot', 'Not yours')])).toEqual({
      title: 'Ballot failed',
      description: 'Not yours (1 more not sent)',
      variant: 'destructive',
    })
    expect(dropToast([report('ballot', 'a'), report('parcel', 'Already there')]).title).toBe('Parcel failed')
  })

  it("falls back to the kind's text without a message, and to a general one for a kind nobody registered", () => {
    expect(dropToast([report('ballot', '')]).description).toBe('No ballot')
    expect(dropToast([report('nobody', '')])).toEqual({
      title: 'Not sent',
      description: 'The request could not be sent',
      variant: 'destructive',
    })
  })
})
