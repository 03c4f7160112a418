import { describe, expect, it } from 'bun:test'
import {
  NAVIGATION_DENYLIST,
  isMediaFilePath,
  isMediaFileUrl,
  isNeverCachedPath,
  isPublicConfigPath,
  mediaBaseOf,
  swScriptUrl,
} from './sw-paths'

const deniedNavigation = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path))

describe('service worker paths', () => {
  it('answers navigations with the app shell except under /adm and /api', () => {
    expect(
      ['/', '/upload', '/profile', '/stats', '/dmca', '/auth/verify', '/admin-tips', '/no/such/page'].filter(deniedNavigation),
    ).toEqual([])
    expect(['/adm', '/adm/', '/adm/media', '/api/session', '/api/media/file/a.jpg'].every(deniedNavigation)).toBe(true)
  })

  it('never caches the back office, the admin API or the db-test API', () => {
    expect(['/adm', '/adm/vote-multiplier', '/api/admin/stats', '/api/admin', '/api/db-test/run'].every(isNeverCachedPath)).toBe(true)
    expect(['/', '/admin', '/api/administrators', '/api/site-settings', '/api/media/file/x'].some(isNeverCachedPath)).toBe(false)
  })

  it('caches media files and revalidates only the public configs', () => {
    expect(isMediaFilePath('/api/media/file/ab/cd.mp4')).toBe(true)
    expect(isMediaFilePath('/api/media/queue/1')).toBe(false)
    expect(
      [
        '/api/site-settings',
        '/api/vote-multiplier-config',
        '/api/email-capture-config',
        '/api/idle-redirect-config',
        '/api/ad-config/zone1',
      ].every(isPublicConfigPath),
    ).toBe(true)
    expect(
      ['/api/session', '/api/ad-config', '/api/ad-config/a/b', '/api/admin/vote-multiplier-config', '/api/users/1/stats'].some(
        isPublicConfigPath,
      ),
    ).toBe(false)
  })

  it('caches media under the public media base its script URL carries, and only there on another origin', () => {
    const base = 'https://cdn.example.com/media-bucket/'
    const script = new URL(swScriptUrl(base), 'https://hotvote.example').href
    expect(mediaBaseOf(script)).toBe(base)
    expect(mediaBaseOf(new URL(swScriptUrl(null), 'https://hotvote.example').href)).toBeNull()
    expect(mediaBaseOf('https://hotvote.example/sw.js?media=javascript%3Aalert(1)')).toBeNull()
    const app = 'https://hotvote.example'
    const media = (url: string, mediaBase: string | null) => isMediaFileUrl(new URL(url), app, mediaBase)
    expect(media(`${base}media/2026/11/a.jpg?v=k1`, base)).toBe(true)
    expect(media(`${app}/api/media/file/media/2026/11/a.jpg`, base)).toBe(true)
    expect(media(`${base}media/2026/11/a.jpg`, null)).toBe(false)
    expect(media('https://cdn.example.com/other-bucket/a.jpg', base)).toBe(false)
    expect(media('https://elsewhere.example/api/media/file/a.jpg', base)).toBe(false)
  })
})
