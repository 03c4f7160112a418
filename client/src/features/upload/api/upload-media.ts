/**
 * Upload with progress (public-visitor §7 POST /api/media/upload, §8 inline upload errors): multipart file +
 * userId through XMLHttpRequest so upload progress can be reported.
 */
import type { UploadAnswer } from '@contract/media'

/** An upload failure whose message is the inline text to show (public-visitor §8). */
export class UploadError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message)
  }
}

/** The inline message for a failed answer: the server's error/message, else 'Upload failed with status {code}'. */
export function uploadErrorMessage(status: number, responseText: string): string {
  try {
    const body = JSON.parse(responseText) as { error?: string; message?: string }
    if (body.error || body.message) return (body.error ?? body.message)!
  } catch {
    // not JSON: fall through to the status text
  }
  return status ? `Upload failed with status ${status}` : 'Upload failed'
}

/** Uploads file for userId; onProgress gets 0-100. Rejects with UploadError ('Network error during upload' when offline). */
export function uploadMedia(file: Blob, fileName: string, userId: number, onProgress: (percent: number) => void, idempotencyKey?: string): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/media/upload')
    xhr.withCredentials = true
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey)
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100))
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve(JSON.parse(xhr.responseText) as UploadAnswer)
      } else reject(new UploadError(uploadErrorMessage(xhr.status, xhr.responseText), xhr.status))
    }
    xhr.onerror = () => reject(new UploadError('Network error during upload'))
    const form = new FormData()
    form.append('userId', String(userId))
    form.append('file', file, fileName)
    xhr.send(form)
  })
}
