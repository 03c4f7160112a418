/**
 * Gives freed native memory back to the system. sharp and ffmpeg run in the pipeline's child processes, but the server
 * process still spools each upload, receives its encoded outputs from the child and writes them into the bucket: those
 * buffers are freed by a full collection, and glibc's malloc keeps freed blocks in its arenas for reuse.
 * glibc's malloc_trim(0) returns the free pages at the top of every arena and the unused pages inside them (on a
 * system without glibc, musl or macOS, only the collection runs).
 */
import { dlopen, FFIType } from 'bun:ffi'

/** malloc_trim of the process's glibc, or undefined when there is none. */
function loadMallocTrim(): (() => void) | undefined {
  if (process.platform !== 'linux') return undefined
  try {
    const libc = dlopen('libc.so.6', { malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 } })
    return () => void libc.symbols.malloc_trim(0)
  } catch {
    return undefined
  }
}

const mallocTrim = loadMallocTrim()

/**
 * Collects the JS heap (so the Buffers of processed images are freed now, not whenever the heap next fills) and
 * returns glibc's free native memory to the system; takes a few ms on the event loop.
 */
export function releaseFreeNativeMemory(): void {
  Bun.gc(true)
  mallocTrim?.()
}
