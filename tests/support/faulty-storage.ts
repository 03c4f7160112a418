/**
 * Storage wrappers that fail the way disks and networks do, for tests of what the app leaves behind:
 * a put whose body breaks off with ENOSPC after some bytes (a full disk), a get whose body breaks off mid-read.
 */
import type { Storage } from '@server/storage/storage'

/** An error shaped like node's fs error for a full disk (code ENOSPC). */
export const diskFullError = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' })

/** body passed through until more than afterBytes have gone by, then errored with error(). */
function breakAfter(body: ReadableStream<Uint8Array>, afterBytes: number, error: () => Error): ReadableStream<Uint8Array> {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > afterBytes) return controller.error(error())
        controller.enqueue(chunk)
      },
    }),
  )
}

/** storage whose put hands the real backend a body that fails with ENOSPC after afterBytes bytes (default 64 KiB). */
export function diskFullOnPut(storage: Storage, afterBytes = 64 * 1024): Storage {
  return { ...storage, put: (key, body, opts) => storage.put(key, breakAfter(body, afterBytes, diskFullError), opts) }
}

/** storage whose whole-object gets (no range) answer a body that breaks off after afterBytes bytes. */
export function brokenReads(storage: Storage, afterBytes = 16 * 1024): Storage {
  return {
    ...storage,
    async get(key, range) {
      const object = await storage.get(key, range)
      return object && !range
        ? { ...object, body: breakAfter(object.body, afterBytes, () => new Error('connection reset while reading the object')) }
        : object
    },
  }
}
