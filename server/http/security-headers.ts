/**
 * Security headers on every answer (OWASP HTTP headers cheat sheet): a Content-Security-Policy
 * for the PWA that allows only what it uses, a deny-all policy for API answers, framing refused, no MIME sniffing,
 * a strict referrer, geolocation for this origin only, HSTS when the public URL is https, and no-store on session,
 * account and admin answers. Handlers that set one of these headers themselves (the ad frame) win over the default.
 */
import type { Config } from '../config'
import { mediaOrigin } from '../media/media-url'

/** Hosts the Google tag (gtag.js, client/src/lib/analytics.ts) loads from and reports to, per Google's CSP guide. */
const ANALYTICS_SCRIPT = ['https://www.googletagmanager.com']
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']
const ANALYTICS_IMG = ['https://*.google-analytics.com', 'https://*.googletagmanager.com']

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')

/**
 * The CSP of the PWA (index.html, /adm, the service worker script and the assets). Media are served by this origin
 * (/api/media/file/<key>), and with media from the edge (MEDIA_PUBLIC_URL) also by the public base's origin, which
 * img-src, media-src and connect-src (the prefetch and the service worker's fetches) then name; the ad runs in a frame
 * of this origin (/api/ad-frame/<zone>), and the analytics hosts are added only when analyticsId is set. No inline
 * script or style, no eval, no data:/blob:.
 */
export function appContentSecurityPolicy(config: Pick<Config, 'analyticsId' | 'mediaEdge'>): string {
  const analytics = (hosts: string[]) => (config.analyticsId ? hosts : [])
  const media = mediaOrigin(config)
  const edge = media ? [media] : []
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...analytics(ANALYTICS_SCRIPT)],
    'style-src': ["'self'"],
    'img-src': ["'self'", ...edge, ...analytics(ANALYTICS_IMG)],
    'media-src': ["'self'", ...edge],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...edge, ...analytics(ANALYTICS_CONNECT)],
    'frame-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  })
}

/** The CSP of every API answer (JSON, media bytes): nothing may load or run if one is opened as a page. */
export const API_CONTENT_SECURITY_POLICY = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], sandbox: [] })

/** Only this origin may ask for the position (profile location); the other powerful features are off. */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()'

/** HSTS value sent when PUBLIC_URL is https: one year, this host only (subdomains may be other services). */
export const HSTS = 'max-age=31536000'

/** API paths whose answers carry a session, an account or admin data: never stored by any cache. */
const NO_STORE = /^\/api\/(session|auth|users|admin|db-test)(\/|$)/

/** The default security headers for an answer to pathname under config. */
export function securityHeadersFor(
  pathname: string,
  config: Pick<Config, 'publicUrl' | 'analyticsId' | 'mediaEdge'>,
): Record<string, string> {
  const api = pathname === '/api' || pathname.startsWith('/api/')
  return {
    'Content-Security-Policy': api ? API_CONTENT_SECURITY_POLICY : appContentSecurityPolicy(config),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(config.publicUrl.startsWith('https:') ? { 'Strict-Transport-Security': HSTS } : {}),
    ...(NO_STORE.test(pathname) ? { 'Cache-Control': 'no-store' } : {}),
  }
}

/**
 * securityHeadersFor(path, config) as a function of the path alone, for the app's onRequest hook to set on every
 * answer, errors and 404s included. The headers depend on the path only through three cases, built once here (the
 * answer runs on every request).
 */
export function securityHeadersByPath(config: Config): (path: string) => Record<string, string> {
  const app = securityHeadersFor('/', config)
  const api = securityHeadersFor('/api/', config)
  const apiNoStore = securityHeadersFor('/api/session', config)
  return (path) => (path === '/api' || path.startsWith('/api/') ? (NO_STORE.test(path) ? apiNoStore : api) : app)
}
