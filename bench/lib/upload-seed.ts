/**
 * Seeds a running server through real uploads (`bun run bench --upload-seed N`): one visitor uploads N photos over
 * HTTP, two at a time, so every item goes through the media pipeline (sharp: stripped copy, WebP variants,
 * placeholder) as on an operator's server after a day of uploads. Each upload is a JPEG fixture with a few unique
 * bytes after its end-of-image marker, so the duplicate check (SHA-256 of the original bytes) never refuses one.
 * The server must allow N uploads per visitor and address (UPLOADS_PER_*_PER_HOUR, UPLOAD_QUOTA_MB).
 */
import { join } from 'node:path'
import { readdirSync } from 'node:fs'

const FIXTURES = join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'media')

/** Uploads in flight at once. */
const PARALLEL = 2

/** Uploads n unique photos to the server at url; answers how many were stored (201) and the seconds taken. */
export async function seedThroughUploads(
  url: string,
  n: number,
  onProgress?: (done: number) => void,
): Promise<{ stored: number; seconds: number }> {
  const photos = await Promise.all(
    readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.jpg'))
      .map((f) => Bun.file(join(FIXTURES, f)).bytes()),
  )
  const sessionId = `uploadseed${Date.now().toString(36)}`.padEnd(32, '0')
  const user = (await (
    await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ sessionId }),
    })
  ).json()) as { id: number }
  const t0 = performance.now()
  let next = 0
  let stored = 0
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const form = new FormData()
      form.append('userId', String(user.id))
      form.append('file', new Blob([photos[i % photos.length], new TextEncoder().encode(`seed-${i}-${sessionId}`)]), `seed-${i}.jpg`)
      const res = await fetch(`${url}/api/media/upload`, {
        method: 'POST',
        headers: { cookie: `sid=${sessionId}`, 'sec-fetch-site': 'same-origin' },
        body: form,
      })
      if (res.status === 201) stored++
      await res.arrayBuffer()
      if ((i + 1) % 100 === 0) onProgress?.(i + 1)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  return { stored, seconds: (performance.now() - t0) / 1000 }
}
