import { describe, expect, it } from 'bun:test'
import type { OutboxItem } from '@client/lib/offline/outbox-db'
import type { OutboxEntry } from '@client/lib/offline/use-outbox'
import type { UploadPayload } from '../outbox-kind'
import type { QueueItem } from './use-upload-queue'
import { isStalled, withSavedProgress } from './use-upload-queue'

const file = new File([new Uint8Array(1000)], 'clip.mp4', { type: 'video/mp4' })
const item = (patch: Partial<QueueItem> = {}): QueueItem => ({ id: 'u1', file, status: 'queued', progress: 0, ...patch })
/** The stored upload u1, with offset bytes confirmed (none: not resumable yet). */
function stored(offset?: number): OutboxItem<UploadPayload> {
  const resumable = offset === undefined ? undefined : { url: 'http://x/api/media/tus/a', offset }
  return {
    kind: 'upload',
    id: 'u1',
    userId: 7,
    file,
    fileName: 'clip.mp4',
    fileType: 'video/mp4',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    leaseUntil: 0,
    resumable,
  }
}
/** The outbox entry of u1 as a sender (status) left it. */
const entry = (status: 'waiting' | 'sending', offset?: number): OutboxEntry => ({
  id: 'u1',
  kind: 'upload',
  status,
  attempts: 0,
  item: stored(offset),
})

describe('withSavedProgress', () => {
  it('shows the confirmed bytes saved with a stored upload, after a reload or while another context sends it', () => {
    expect(withSavedProgress(item(), entry('waiting', 500))).toEqual(item({ progress: 50 }))
    expect(withSavedProgress(item(), entry('sending', 420))).toEqual(item({ status: 'uploading', progress: 42 }))
  })

  it('never goes back from progress heard live, and leaves other items alone', () => {
    expect(withSavedProgress(item({ status: 'uploading', progress: 60 }), entry('sending', 500)).progress).toBe(60)
    expect(withSavedProgress(item(), entry('sending'))).toEqual(item())
    expect(withSavedProgress(item({ status: 'completed', progress: 100 }), entry('sending', 500))).toEqual(
      item({ status: 'completed', progress: 100 }),
    )
    expect(withSavedProgress(item(), undefined)).toEqual(item())
  })
})

describe('isStalled', () => {
  it('is false for a file still being written to the outbox, even offline: a reload would lose it until it is stored', () => {
    expect(isStalled(undefined, false)).toBe(false)
    expect(isStalled(undefined, true)).toBe(false)
  })

  it('is true for a stored file offline, or online after a failed send while it waits for the next try', () => {
    expect(isStalled(entry('waiting'), false)).toBe(true)
    expect(isStalled(entry('sending'), false)).toBe(true)
    expect(isStalled({ ...entry('waiting'), attempts: 1 }, true)).toBe(true)
    expect(isStalled({ ...entry('sending'), attempts: 1 }, true)).toBe(false)
    expect(isStalled(entry('waiting'), true)).toBe(false)
  })
})
