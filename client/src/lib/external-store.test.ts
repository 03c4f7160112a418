import { describe, expect, it } from 'bun:test'
import { createExternalStore } from './external-store'

describe('createExternalStore', () => {
  it('answers the same value until set, and tells each subscriber until it unsubscribes', () => {
    const store = createExternalStore({ n: 0 })
    const first = store.get()
    expect(store.get()).toBe(first)
    let calls = 0
    const off = store.subscribe(() => calls++)
    store.set({ n: 1 })
    expect([store.get(), calls]).toEqual([{ n: 1 }, 1])
    off()
    store.set({ n: 2 })
    expect([store.get(), calls]).toEqual([{ n: 2 }, 1])
  })
})
