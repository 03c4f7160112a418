import { describe, expect, it } from 'bun:test'
import type { OutboxItem } from './outbox-db'
import { leaseHeld } from './outbox-lease'

const NOW = 1_000_000
/** An item leased by owner at leasedAt until leaseUntil. */
const leased = (leaseUntil: number, owner?: string, leasedAt?: number): OutboxItem => ({
  kind: 'x',
  id: 'i',
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  leaseUntil,
  leaseOwner: owner,
  leasedAt,
})

describe('leaseHeld', () => {
  it('holds until leaseUntil without Web Locks or without an owner', () => {
    expect(leaseHeld(leased(NOW + 1), NOW, undefined)).toBe(true)
    expect(leaseHeld(leased(NOW), NOW, undefined)).toBe(false)
    expect(leaseHeld(leased(NOW + 1), NOW, { ids: new Set(), at: NOW })).toBe(true)
  })

  it("frees a lease whose sender's lock is gone (a tab closed or reloaded mid-send)", () => {
    const item = leased(NOW + 60_000, 'tab-a', NOW - 5_000)
    expect(leaseHeld(item, NOW, { ids: new Set(['tab-a', 'worker']), at: NOW })).toBe(true)
    expect(leaseHeld(item, NOW, { ids: new Set(['worker']), at: NOW })).toBe(false)
  })

  it('keeps a lease taken after the live senders were seen (its sender may not be in that list yet)', () => {
    expect(leaseHeld(leased(NOW + 60_000, 'tab-b', NOW), NOW, { ids: new Set(), at: NOW - 1 })).toBe(true)
  })
})
