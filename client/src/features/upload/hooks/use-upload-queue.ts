/**
 * The upload queue (public-visitor §4 Upload queue item, §5 Upload): items are pending, queued (stored in
 * the outbox, shown as 'Waiting for connection' while they cannot be sent), uploading (0-100), completed or error;
 * files failing the size/type check carry their message and cannot be uploaded. Uploads still in the outbox after a
 * reload come back as queued items, and one sent by another tab or the service worker completes here too. A resumable
 * upload's progress is the share of bytes the server confirmed, saved with the stored item, so it shows after a
 * reload and while another tab or the service worker sends it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { checkUploadFile } from '@contract/media'
import { toast } from '@client/lib/toast'
import { cancelOutboxItem, readOutbox } from '@client/lib/offline/outbox'
import { useOutboxEvent, useOutboxState, type OutboxEntry } from '@client/lib/offline/use-outbox'
import { queueUpload, uploadDropMessage } from '../api/upload-media'
import { percentOf, uploadKind } from '../outbox-kind'

/** One file in the queue. progress 0-100; invalid: the validation message (no upload possible). */
export type QueueItem = {
  id: string
  file: File
  status: 'pending' | 'queued' | 'uploading' | 'completed' | 'error'
  progress: number
  error?: string
  invalid?: string
}

/**
 * item as its stored upload (entry) has it: at least the percent of bytes the server confirmed, and uploading while a
 * sender (here, another tab or the service worker) holds it. Items not stored, finished or not resumable are unchanged.
 */
export function withSavedProgress(item: QueueItem, entry: OutboxEntry | undefined): QueueItem {
  const stored = entry?.item
  if (!stored || !uploadKind.is(stored) || !stored.resumable || (item.status !== 'queued' && item.status !== 'uploading')) return item
  const progress = Math.max(item.progress, percentOf(stored.resumable.offset, stored.file.size))
  return { ...item, progress, status: entry.status === 'sending' ? 'uploading' : item.status }
}

/**
 * True when the file whose stored upload is entry cannot be sent right now: it is in the outbox (entry defined) and
 * the browser is offline, or its last send failed and it waits for the next try. A file still being written to the
 * outbox is not: it would be lost by a reload until stored, so it does not say it waits for the connection yet.
 */
export function isStalled(entry: OutboxEntry | undefined, online: boolean): boolean {
  return entry !== undefined && (!online || (entry.attempts > 0 && entry.status === 'waiting'))
}

/** The queue for userId: add files, remove, upload one, upload all pending. */
export function useUploadQueue(userId: number | undefined) {
  const [items, setItems] = useState<QueueItem[]>([])
  const itemsRef = useRef(items)
  itemsRef.current = items
  const queryClient = useQueryClient()
  const outbox = useOutboxState()
  const update = (id: string, patch: Partial<QueueItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)))

  // Uploads stored before a reload are shown again.
  useEffect(() => {
    if (userId === undefined) return
    void readOutbox().then((waiting) => {
      const restored = waiting.flatMap((w) =>
        uploadKind.is(w) && w.userId === userId
          ? [{ id: w.id, file: new File([w.file], w.fileName, { type: w.fileType }), status: 'queued' as const, progress: 0 }]
          : [],
      )
      setItems((list) => [...restored.filter((r) => !list.some((i) => i.id === r.id)), ...list])
    })
  }, [userId])

  useOutboxEvent((e) => {
    if (e.type === 'changed' || e.type === 'cancelled' || !itemsRef.current.some((i) => i.id === e.id)) return
    if (e.type === 'progress') return update(e.id, { status: 'uploading', progress: e.percent })
    if (e.kind !== 'upload') return
    if (e.type === 'dropped') return update(e.id, { status: 'error', error: uploadDropMessage(e.report) })
    update(e.id, { status: 'completed', progress: 100 })
    toast({ title: 'Upload Successful', description: 'Your media has been uploaded successfully!' })
    // Data is never stale by default (public-visitor §9): what a new upload changes is refreshed here.
    void queryClient.invalidateQueries({ queryKey: ['users', 'stats'] })
  })

  /** Adds files; returns the validation message of each refused one. */
  const addFiles = useCallback((files: File[]) => {
    const added = files.map((file) => ({
      id: crypto.randomUUID(),
      file,
      status: 'pending' as const,
      progress: 0,
      invalid: checkUploadFile(file.name, file.size),
    }))
    setItems((list) => [...list, ...added])
    return added.flatMap((i) => (i.invalid ? [i.invalid] : []))
  }, [])

  /** Removes id from the list and from the outbox (a resumable upload also from the server, even while it is being sent). */
  const remove = (id: string) => {
    void cancelOutboxItem(id)
    setItems((list) => list.filter((i) => i.id !== id))
  }

  /** Stores one pending (or failed) file in the outbox; a failed one gets a new id, so it is a new request. */
  const upload = async (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id)
    if (!item || item.invalid || (item.status !== 'pending' && item.status !== 'error') || userId === undefined) return
    const key = item.status === 'error' ? crypto.randomUUID() : item.id
    setItems((list) => list.map((i) => (i.id === id ? { ...i, id: key, status: 'queued', progress: 0, error: undefined } : i)))
    itemsRef.current = itemsRef.current.map((i) => (i.id === id ? { ...i, id: key } : i))
    try {
      await queueUpload(item.file, userId, key)
    } catch (e) {
      update(key, { status: 'error', error: (e as Error).message || 'Upload failed' })
    }
  }

  const uploadAll = async () => {
    for (const item of itemsRef.current.filter((i) => i.status === 'pending' && !i.invalid)) await upload(item.id)
  }

  const uploading = items.some((i) => i.status === 'uploading' || i.status === 'queued')
  const pendingCount = items.filter((i) => i.status === 'pending' && !i.invalid).length
  const shown = items.map((i) =>
    withSavedProgress(
      i,
      outbox.entries.find((e) => e.id === i.id),
    ),
  )
  return { items: shown, addFiles, remove, upload, uploadAll, uploading, canUploadAll: pendingCount > 0 && !uploading }
}
