/**
 * UploadQueue (public-visitor §2, §4): each file with its size, progress bar, status or message, Upload and remove controls,
 * and Upload All. A file stored in the outbox that cannot be sent now shows 'Waiting for connection' (isStalled); one
 * still being stored shows 'Starting upload'.
 */
import { Film, Image as ImageIcon, X } from 'lucide-react'
import { Button } from '@client/components/ui/button'
import { formatMegabytes } from '@client/lib/format'
import { useOnline, useOutboxState } from '@client/lib/offline/use-outbox'
import { isStalled, type QueueItem } from '../hooks/use-upload-queue'

/** Props: the queue state and actions from useUploadQueue. */
export type UploadQueueProps = {
  items: QueueItem[]
  canUploadAll: boolean
  onUpload(id: string): void
  onUploadAll(): void
  onRemove(id: string): void
}

/** Status of a file stored in the outbox that cannot be sent now: no network, or its last send failed. */
export const WAITING_TEXT = 'Waiting for connection'

/** The status line of item; stalled: a queued or interrupted file cannot be sent right now. */
function statusText(item: QueueItem, stalled: boolean): string {
  if (item.invalid) return item.invalid
  if (item.status === 'error') return item.error ?? 'Upload failed'
  if (item.status === 'completed') return 'Uploaded'
  if ((item.status === 'uploading' || item.status === 'queued') && stalled) return WAITING_TEXT
  if (item.status === 'uploading') return `Uploading ${item.progress}%`
  if (item.status === 'queued') return 'Starting upload'
  return 'Ready to upload'
}

function UploadQueue({ items, canUploadAll, onUpload, onUploadAll, onRemove }: UploadQueueProps) {
  const online = useOnline()
  const outbox = useOutboxState()
  if (!items.length) return null
  const stalled = (id: string) =>
    isStalled(
      outbox.entries.find((e) => e.id === id),
      online,
    )
  return (
    <section aria-label="Upload queue" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Queue ({items.length})</h2>
        <Button onClick={onUploadAll} disabled={!canUploadAll}>
          Upload All
        </Button>
      </div>
      <ul className="space-y-2">
        {items.map((item) => {
          const bad = item.invalid || item.status === 'error'
          return (
            <li key={item.id} aria-label={item.file.name} className="rounded-xl border border-zinc-800 bg-zinc-900 p-3">
              <div className="flex items-center gap-3">
                {item.file.type.startsWith('video/') ? (
                  <Film aria-hidden className="h-6 w-6 shrink-0 text-zinc-400" />
                ) : (
                  <ImageIcon aria-hidden className="h-6 w-6 shrink-0 text-zinc-400" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.file.name}</p>
                  <p
                    className={
                      bad ? 'text-sm text-red-400' : item.status === 'completed' ? 'text-sm text-emerald-400' : 'text-sm text-zinc-400'
                    }
                    role={bad ? 'alert' : undefined}
                  >
                    {formatMegabytes(item.file.size)} · {statusText(item, stalled(item.id))}
                  </p>
                </div>
                {!item.invalid && (item.status === 'pending' || item.status === 'error') && (
                  <Button size="sm" onClick={() => onUpload(item.id)} aria-label={`Upload ${item.file.name}`}>
                    Upload
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => onRemove(item.id)} aria-label={`Remove ${item.file.name}`}>
                  <X aria-hidden className="h-4 w-4" />
                </Button>
              </div>
              {(item.status === 'uploading' || item.status === 'completed') && (
                <div
                  className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-800"
                  role="progressbar"
                  aria-valuenow={item.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={`${item.file.name} progress`}
                >
                  <div className="h-full bg-rose-500 transition-all" style={{ width: `${item.progress}%` }} />
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export { UploadQueue }
