/**
 * When the WAL checkpoint worker (./wal-checkpoint-worker.ts) copies the WAL into the database file: intervalMs after
 * it starts, then every intervalMs for as long as each copy finds a commit made since the copy before (SQLite's
 * `data_version`). Once a copy finds none, the worker waits for the WAL file to change instead of a timer, so the
 * worker of a server that writes nothing is never woken; the first change after that brings a copy intervalMs later.
 * Where the WAL file cannot be watched, the copies go on every intervalMs.
 */

/** A timer of the schedule (setTimeout's in the worker). */
export type TimerHandle = unknown

/** What the schedule works with: the worker's connection, a watch of the WAL file and timers (fakes in tests). */
export type CheckpointIo = {
  /** Copies the WAL into the database file (a passive checkpoint and what follows it). */
  copy(): void
  /** A number that changes whenever another connection commits (`PRAGMA data_version`). */
  dataVersion(): number
  /** Calls onChange when the WAL file changes, until closed; undefined when the file cannot be watched. */
  watchWal(onChange: () => void): { close(): void } | undefined
  setTimer(run: () => void, ms: number): TimerHandle
  clearTimer(timer: TimerHandle): void
}

/** A running schedule; stop() clears its timer and closes its watch. */
export type CheckpointSchedule = { stop(): void }

/** Starts copying on io's connection as described above, every intervalMs at most. */
export function scheduleCheckpoints(io: CheckpointIo, intervalMs: number): CheckpointSchedule {
  let seen = io.dataVersion()
  let timer: TimerHandle | undefined
  let watch: { close(): void } | undefined
  const copy = () => {
    timer = undefined
    const version = io.dataVersion()
    io.copy()
    if (version === seen) return idle()
    seen = version
    timer = io.setTimer(copy, intervalMs)
  }
  const wake = () => {
    watch?.close()
    watch = undefined
    timer ??= io.setTimer(copy, intervalMs)
  }
  const idle = () => {
    watch = io.watchWal(wake)
    // The watch is on before this look: a commit after it changes the WAL file, one before it changed the version.
    if (!watch || io.dataVersion() !== seen) wake()
  }
  timer = io.setTimer(copy, intervalMs)
  return {
    stop() {
      if (timer !== undefined) io.clearTimer(timer)
      timer = undefined
      watch?.close()
      watch = undefined
    },
  }
}
