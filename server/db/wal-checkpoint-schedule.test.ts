import { describe, expect, it } from 'bun:test'
import { scheduleCheckpoints, type CheckpointIo } from './wal-checkpoint-schedule'

const INTERVAL_MS = 100

/** A fake connection, WAL watch and timers: commit() is another connection's commit, which also changes the WAL file. */
function fakeIo({ canWatch = true } = {}) {
  const state = { version: 1, copies: 0, timers: [] as { run: () => void; ms: number }[], watchers: [] as (() => void)[] }
  const io: CheckpointIo = {
    copy: () => void state.copies++,
    dataVersion: () => state.version,
    watchWal: (onChange) => {
      if (!canWatch) return undefined
      state.watchers.push(onChange)
      return { close: () => void (state.watchers = state.watchers.filter((w) => w !== onChange)) }
    },
    setTimer: (run, ms) => {
      const timer = { run, ms }
      state.timers.push(timer)
      return timer
    },
    clearTimer: (timer) => void (state.timers = state.timers.filter((t) => t !== timer)),
  }
  /** Runs the one pending timer (the schedule never keeps two). */
  const elapse = () => {
    expect(state.timers).toHaveLength(1)
    const [timer] = state.timers
    expect(timer.ms).toBe(INTERVAL_MS)
    state.timers = []
    timer.run()
  }
  const commit = () => {
    state.version++
    for (const onChange of [...state.watchers]) onChange()
  }
  return { io, state, elapse, commit }
}

describe('scheduleCheckpoints', () => {
  it('copies once after it starts, then waits for the WAL to change with no timer left', () => {
    const { io, state, elapse } = fakeIo()
    scheduleCheckpoints(io, INTERVAL_MS)
    expect(state.copies).toBe(0)
    elapse()
    expect(state.copies).toBe(1)
    expect(state.timers).toEqual([])
    expect(state.watchers).toHaveLength(1)
  })

  it('copies an interval after a commit, every interval while commits come, and waits again after a copy with none before it', () => {
    const { io, state, elapse, commit } = fakeIo()
    scheduleCheckpoints(io, INTERVAL_MS)
    elapse()
    commit()
    expect(state.watchers).toEqual([])
    expect(state.copies).toBe(1)
    elapse()
    expect(state.copies).toBe(2)
    commit()
    commit()
    elapse()
    expect(state.copies).toBe(3)
    // No commit since the last copy: this copy is the last until the WAL changes again.
    elapse()
    expect(state.copies).toBe(4)
    expect(state.timers).toEqual([])
    expect(state.watchers).toHaveLength(1)
  })

  it('does not miss a commit made between a copy and the start of the watch', () => {
    const { io, state, elapse } = fakeIo()
    const watchWal = io.watchWal
    // The commit lands as the watch is set up, so the watch sees no change of the file after it.
    io.watchWal = (onChange) => {
      state.version++
      return watchWal(onChange)
    }
    scheduleCheckpoints(io, INTERVAL_MS)
    elapse()
    expect(state.watchers).toEqual([])
    io.watchWal = watchWal
    elapse()
    expect(state.copies).toBe(2)
  })

  it('copies every interval when the WAL file cannot be watched', () => {
    const { io, state, elapse } = fakeIo({ canWatch: false })
    scheduleCheckpoints(io, INTERVAL_MS)
    for (let i = 1; i <= 3; i++) {
      elapse()
      expect(state.copies).toBe(i)
    }
    expect(state.timers).toHaveLength(1)
  })

  it('stop() leaves no timer and no watch', () => {
    const running = fakeIo()
    scheduleCheckpoints(running.io, INTERVAL_MS).stop()
    expect(running.state.timers).toEqual([])
    const idle = fakeIo()
    const schedule = scheduleCheckpoints(idle.io, INTERVAL_MS)
    idle.elapse()
    schedule.stop()
    expect(idle.state.watchers).toEqual([])
  })
})
