/**
 * GET / and GET /upload for a browser's page load (server-contract: General, Visitor session; public-visitor §2, §7):
 * index.html with the first screen in it (first-screen.service.ts): on `/` the first queue and its first picture
 * (preloaded and shown as a preview), and the session of a visitor the sid cookie names; the page modulepreloads the
 * app's chunks when it shows no preview, and on `/upload` its lazy route's chunks (read from the build's manifest) and
 * its screen's heading and drop zone text as the first paint (UPLOAD_FIRST_PAINT).
 * A visitor the cookie names is resumed on this request as POST /api/session does it (its sid cookie renewed), and
 * the first queue is picked as GET /api/media/queue picks it for them. A page load without such a cookie creates no
 * user: the page carries no session (the client starts one with POST /api/session, as the spec has it, once the app
 * runs) and a queue picked for nobody (nothing voted on or uploaded is left out, which is what a new visitor has), so
 * crawlers and link previews add no users and the preview still shows. The answer is the visitor's own:
 * `Cache-Control: private, no-store`. Every other request for `/` (no `Sec-Fetch-Dest: document`: a fetch, a crawler,
 * the service worker), a logged-out browser without a session or a failure gets the plain index.html as before, and
 * the client asks the API itself.
 */
import { Elysia } from 'elysia'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Deps } from '../../core/deps'
import { logger } from '../../core/log'
import { RATE_QUEUE_SIZE } from '../../contract/first-screen'
import type { RateMedia } from '../../contract/media'
import type { SessionInput } from '../../contract/session'
import { addressKey, clientAddress, type PeerSource } from '../../http/client-address'
import { cookieValue } from '../../http/cookie-value'
import { acceptedEncodings, serveClient } from '../../http/static-client'
import { loggedOutCookieName, sessionCookieName, sessionCookieOptions, toSessionUser, visitorSession } from '../../http/session-user'
import { appChunks, lazyChunks, renderFirstScreen, UPLOAD_FIRST_PAINT, type BuildManifest, type PageModules } from './first-screen.service'

/** What the first screen needs from the session and media features (wired in server/app.ts). */
export type FirstScreenPorts = {
  /** Resumes the known visitor of input at the client address key (session feature: visitorStarter). */
  resumeVisitor(input: SessionInput, address: string): Promise<Parameters<typeof toSessionUser>[0]>
  /** Up to limit random items for userId to rate, or for nobody (undefined: nothing left out) (media feature: pickMediaQueue). */
  pickQueue(userId: number | undefined, limit: number): Promise<RateMedia[]>
}

/** Source file of the upload screen's route, lazy in the build: its chunks are modulepreloaded in the page of /upload. */
const UPLOAD_ROUTE_FILE = 'src/routes/_shell/upload.tsx'

/** Brotli quality for the per-visitor page: fast (a page is a few KB), about gzip's speed at a better ratio. */
const BROTLI_QUALITY = 5

/** body encoded for acceptEncoding (br, then gzip, else as is), with its Content-Encoding. */
function encode(body: string, acceptEncoding: string | null): { bytes: Buffer | string; encoding?: string } {
  const accepted = acceptedEncodings(acceptEncoding)
  if (accepted.has('br'))
    return { bytes: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }), encoding: 'br' }
  if (accepted.has('gzip')) return { bytes: gzipSync(body), encoding: 'gzip' }
  return { bytes: body }
}

/** What a page route of the first screen reads of Elysia's context (the optionalVisitor macro's visitorUser and sid). */
type PageContext = {
  request: Request
  server: PeerSource
  visitorUser: unknown
  sid: string | undefined
  cookie: Record<string, { set(options: { value: string } & ReturnType<typeof sessionCookieOptions>): unknown }>
}

/**
 * GET / and GET /upload of the first screen on the built client in clientDist: the page with the visitor's session,
 * and on `/` the first queue and its first item's preload (the upload screen needs only the session).
 */
export function firstScreenRoutes(deps: Deps, clientDist: string, ports: FirstScreenPorts) {
  const { publicUrl, production, trustedProxy } = deps.config
  const loggedOut = loggedOutCookieName(publicUrl)
  const plain = (request: Request, path: string) => serveClient(clientDist, path, request.headers.get('accept-encoding'), production)

  /**
   * The build's manifest, or undefined when the build wrote none: read once, on the first page that needs it (a new
   * build comes with a restart), not on every page load.
   */
  let manifestRead: Promise<BuildManifest | undefined> | undefined
  const buildManifest = () => {
    manifestRead ??= (async () => {
      const file = Bun.file(join(clientDist, '.vite', 'manifest.json'))
      return (await file.exists()) ? ((await file.json()) as BuildManifest) : undefined
    })().catch((error: unknown) => {
      // Unreadable: this page falls back to the plain one, and the next page reads it again.
      manifestRead = undefined
      throw error
    })
    return manifestRead
  }

  /** The app's chunks and those of the lazy route in routeFile (none without a manifest). */
  async function pageModules(routeFile: string | undefined): Promise<PageModules> {
    const manifest = await buildManifest()
    if (!manifest) return { app: [], route: [] }
    return { app: appChunks(manifest), route: routeFile ? lazyChunks(manifest, routeFile) : [] }
  }

  async function page(
    { request, server, visitorUser, sid, cookie }: PageContext,
    path: string,
    withQueue: boolean,
    routeFile?: string,
    firstPaint = '',
  ): Promise<Response> {
    if (request.headers.get('sec-fetch-dest') !== 'document') return plain(request, path)
    const known = visitorUser && sid ? sid : undefined
    if (!known && cookieValue(request.headers.get('cookie'), loggedOut) !== undefined) return plain(request, path)
    const index = Bun.file(join(clientDist, 'index.html'))
    if (!(await index.exists())) return plain(request, path)
    let html: string
    try {
      const user = known
        ? await ports.resumeVisitor({ sessionId: known }, addressKey(clientAddress(server, request, trustedProxy)))
        : undefined
      const queue = withQueue ? await ports.pickQueue(user?.id, RATE_QUEUE_SIZE) : []
      const session = user && known ? toSessionUser(user, known) : null
      html = renderFirstScreen(await index.text(), { session, queue }, await pageModules(routeFile), firstPaint)
      if (known) cookie[sessionCookieName(publicUrl)].set({ value: known, ...sessionCookieOptions(publicUrl) })
    } catch (error) {
      // On a failure the page still loads; the client's own calls report the error.
      logger.info({ err: error }, 'first screen not written into the page')
      return plain(request, path)
    }
    const { bytes, encoding } = encode(html, request.headers.get('accept-encoding'))
    const headers: Record<string, string> = {
      'Content-Type': 'text/html;charset=utf-8',
      'Cache-Control': 'private, no-store',
      Vary: 'Accept-Encoding, Cookie, Sec-Fetch-Dest',
    }
    if (encoding) headers['Content-Encoding'] = encoding
    return new Response(bytes as BodyInit, { headers })
  }

  return new Elysia()
    .use(visitorSession(deps))
    .get('/', (context) => page(context, '/', true), { optionalVisitor: true, detail: { hide: true } })
    .get('/upload', (context) => page(context, '/upload', false, UPLOAD_ROUTE_FILE, UPLOAD_FIRST_PAINT), {
      optionalVisitor: true,
      detail: { hide: true },
    })
}
