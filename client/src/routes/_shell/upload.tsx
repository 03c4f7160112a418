/** Route /upload: the drop zone and the upload queue (public-visitor §2 Upload screen). */
import { createFileRoute } from '@tanstack/react-router'
import { useSessionUser } from '@client/features/session/api/get-session'
import { DropZone } from '@client/features/upload/components/drop-zone'
import { UploadQueue } from '@client/features/upload/components/upload-queue'
import { useUploadQueue } from '@client/features/upload/hooks/use-upload-queue'

function UploadPage() {
  const { data: user } = useSessionUser()
  const queue = useUploadQueue(user?.id)
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Upload Media</h1>
      <DropZone onFiles={queue.addFiles} />
      <UploadQueue
        items={queue.items}
        canUploadAll={queue.canUploadAll}
        onUpload={queue.upload}
        onUploadAll={queue.uploadAll}
        onRemove={queue.remove}
      />
    </div>
  )
}

export const Route = createFileRoute('/_shell/upload')({ component: UploadPage })
