/** SHA-256 of media content, for the duplicate checks (the upload's sent bytes, the bucket's stored objects). */
import { createHash } from 'node:crypto'

/** SHA-256 (hex) of bytes, or of a stream read to its end. */
export async function sha256Hex(content: Uint8Array | AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256')
  if (content instanceof Uint8Array) hash.update(content)
  else for await (const chunk of content) hash.update(chunk)
  return hash.digest('hex')
}
