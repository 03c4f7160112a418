/**
 * The upload queue (public-visitor §4 Upload queue item, §5 Upload): items are pending, uploading (0-100),
 * completed or error; files failing the size/type check carry their message and cannot be uploaded.
 */
import { useCallback, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { checkUploadFile } from '@contract/media'
import { toast } from '@client/lib/toast'
import { uploadMedia } from '../api/upload-media'

/** One queued file. progress 0-100; invalid: the validation message (no upload possible). */
export type QueueItem = { id: string; file: File; status: 'pending' | 'uploading' | 'completed' | 'error'; progress: number; error?: string; invalid?: string }

/** The queue for userId: add files, remove, upload one, upload all pending. */
export function useUploadQueue(userId: number | undefined) {
  const [items, setItems] = useState<QueueItem[]>([])
  const itemsRef = useRef(items)
  itemsRef.current = items
  const queryClient = useQueryClient()
  const update = (id: string, patch: Partial<QueueItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)))

  /** Adds files; returns the validation message of each refused one. */
  const addFiles = useCallback((files: File[]) => {
    const added = files.map((file) => ({ id: crypto.randomUUID(), file, status: 'pending' as const, progress: 0, invalid: checkUploadFile(file.name, file.size) }))
    setItems((list) => [...list, ...added])
    return added.flatMap((i) => (i.invalid ? [i.invalid] : []))
  }, [])

  const remove = (id: string) => setItems((list) => list.filter((i) => i.id !== id))

  const upload = async (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id)
    if (!item || item.invalid || item.status === 'uploading' || item.status === 'completed' || userId === undefined) return
    update(id, { status: 'uploading', progress: 0, error: undefined })
    try {
      await uploadMedia(item.file, item.file.name, userId, (progress) => update(id, { progress }), item.id)
      update(id, { status: 'completed', progress: 100 })
      toast({ title: 'Upload Successful', description: 'Your media has been uploaded successfully!' })
      // Data is never stale by default (public-visitor §9): what a new upload changes is refreshed here.
      void queryClient.invalidateQueries({ queryKey: ['media', 'random'] })
      void queryClient.invalidateQueries({ queryKey: ['users', 'stats'] })
    } catch (e) {
      update(id, { status: 'error', error: (e as Error).message || 'Upload failed' })
    }
  }

  const uploadAll = async () => {
    for (const item of itemsRef.current.filter((i) => i.status === 'pending' && !i.invalid)) await upload(item.id)
  }

  const uploading = items.some((i) => i.status === 'uploading')
  const pendingCount = items.filter((i) => i.status === 'pending' && !i.invalid).length
  return { items, addFiles, remove, upload, uploadAll, uploading, canUploadAll: pendingCount > 0 && !uploading }
}
