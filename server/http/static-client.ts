/**
 * Serves the built PWA from client/dist (server-contract: General): a file when it exists, otherwise
 * index.html so client-side routes and the 404 page work. Hashed assets are immutable; the service
 * worker, manifest and index.html are revalidated on every load so updates reach visitors. Text files
 * are answered from the brotli or gzip copy the build wrote beside them (scripts/compress-dist.ts)
 * when the request's Accept-Encoding takes it. In production the build's source maps (`*.map`)
 * are not served: they would hand visitors the whole client source with its comments.
 */
import { HttpError } from './errors'
import { join, normalize } from 'node:path'

const REVALIDATE = new Set(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])

/** The encodings the build writes, best first, with the suffix of their copy. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

/** The encodings acceptEncoding allows (q > 0; `*` allows any not named), e.g. 'gzip, br;q=0.5' -> {gzip, br}. */
export function acceptedEncodings(acceptEncoding: string | null): Set<string> {
  const named = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    if (!token) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    named.set(token, q ? Number(q.slice(2)) || 0 : 1)
  }
  const star = named.get('*')
  return new Set(ENCODINGS.map((e) => e.name).filter((name) => (named.get(name) ?? star ?? 0) > 0))
}

/**
 * The best precompressed copy of the file at path that the client accepts, or undefined for the identity bytes. A copy
 * older than the file (the file was replaced after the build compressed it) is never served.
 */
async function pickEncoded(path: string, accepted: Set<string>) {
  const modified = Bun.file(path).lastModified
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue
    const copy = Bun.file(path + encoding.suffix)
    if ((await copy.exists()) && copy.lastModified >= modified) return { name: encoding.name, copy }
  }
  return undefined
}

/**
 * Answers GET path from distDir, encoded for acceptEncoding when the build wrote a copy; throws HttpError 503 when the
 * client has not been built, 404 for a source map when production is set.
 */
export async function serveClient(
  distDir: string,
  pathname: string,
  acceptEncoding: string | null = null,
  production = false,
): Promise<Response> {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '')
  if (production && safe.endsWith('.map')) throw new HttpError(404, 'Not found')
  const path = join(distDir, safe)
  const isFile = !safe.endsWith('/') && (await Bun.file(path).exists())
  const targetPath = isFile ? path : join(distDir, 'index.html')
  const target = Bun.file(targetPath)
  if (!(await target.exists())) throw new HttpError(503, 'The client is not built: run `npm run build`')
  const immutable = isFile && safe.startsWith('/assets/')
  const cacheControl = immutable
    ? 'public, max-age=31536000, immutable'
    : REVALIDATE.has(safe) || !isFile
      ? 'no-cache'
      : 'public, max-age=3600'
  const headers: Record<string, string> = { 'Cache-Control': cacheControl, 'Content-Type': target.type }
  const hasCopies = await Bun.file(targetPath + ENCODINGS[1].suffix).exists()
  if (!hasCopies) return new Response(target, { headers })
  headers.Vary = 'Accept-Encoding'
  const encoded = await pickEncoded(targetPath, acceptedEncodings(acceptEncoding))
  if (!encoded) return new Response(target, { headers })
  return new Response(encoded.copy, { headers: { ...headers, 'Content-Encoding': encoded.name } })
}
