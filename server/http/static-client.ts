/**
 * Serves the built PWA from client/dist (server-contract: General): a file when it exists, otherwise
 * index.html so client-side routes and the 404 page work. Hashed assets are immutable; the service
 * worker, manifest and index.html are revalidated on every load so updates reach visitors.
 */
import { join, normalize } from 'node:path'

const REVALIDATE = new Set(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])

/** Answers GET path from distDir; 503 JSON when the client has not been built. */
export async function serveClient(distDir: string, pathname: string): Promise<Response> {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '')
  const file = Bun.file(join(distDir, safe))
  const isFile = !safe.endsWith('/') && (await file.exists())
  const target = isFile ? file : Bun.file(join(distDir, 'index.html'))
  if (!(await target.exists())) return Response.json({ error: 'The client is not built: run `npm run build`' }, { status: 503 })
  const immutable = isFile && safe.startsWith('/assets/')
  const cacheControl = immutable ? 'public, max-age=31536000, immutable' : REVALIDATE.has(safe) || !isFile ? 'no-cache' : 'public, max-age=3600'
  return new Response(target, { headers: { 'Cache-Control': cacheControl, 'Content-Type': target.type } })
}
