/**
 * Idle and back-button redirects (public-visitor §4, §6, §9), never on /adm paths, each with an analytics event:
 * - idle: any of mousedown, mousemove, keypress, scroll, touchstart, click, load (throttled to once a second)
 *   restarts a timer; after idleRedirectTime seconds of none, the page goes to idleRedirectUrl;
 * - back: a pushed history entry turns a back navigation into a visit to backButtonUrl, and so does a left-edge
 *   swipe (start under 50 px from the edge, over 100 px rightward, mostly horizontal, under 500 ms).
 */
import { useEffect } from 'react'
import { trackEvent } from '@client/lib/analytics'
import { useIdleRedirectConfig } from '../api/get-idle-redirect'

export const ACTIVITY_THROTTLE_MS = 1000
export const SWIPE = { edgePx: 50, distancePx: 100, maxMs: 500 } as const
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click', 'load'] as const
const isAdminPath = () => window.location.pathname.startsWith('/adm')

/** Installs the redirects configured on the server for the public pages. */
export function useRedirects(): void {
  const { data } = useIdleRedirectConfig()
  useEffect(() => {
    if (!data?.enabled || !data.idleRedirectTime || !data.idleRedirectUrl || isAdminPath()) return
    let timer = 0
    let last = 0
    const restart = () => {
      const now = Date.now()
      if (timer && now - last < ACTIVITY_THROTTLE_MS) return
      last = now
      clearTimeout(timer)
      timer = window.setTimeout(() => {
        trackEvent('idle_redirect', { url: data.idleRedirectUrl, seconds: data.idleRedirectTime })
        window.location.assign(data.idleRedirectUrl)
      }, data.idleRedirectTime * 1000)
    }
    restart()
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, restart, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, restart)
    }
  }, [data?.enabled, data?.idleRedirectTime, data?.idleRedirectUrl])

  useEffect(() => {
    const url = data?.backButtonUrl
    if (!url || isAdminPath()) return
    const go = (how: string) => (trackEvent('back_button_redirect', { url, how }), window.location.assign(url))
    history.pushState({ backRedirect: true }, '', window.location.href)
    const onPop = () => go('history')
    let start: { x: number; y: number; t: number } | null = null
    const onStart = (e: TouchEvent) =>
      (start = e.touches[0].clientX < SWIPE.edgePx ? { x: e.touches[0].clientX, y: e.touches[0].clientY, t: Date.now() } : null)
    const onEnd = (e: TouchEvent) => {
      if (!start) return
      const dx = e.changedTouches[0].clientX - start.x
      const dy = Math.abs(e.changedTouches[0].clientY - start.y)
      if (dx > SWIPE.distancePx && dx > dy && Date.now() - start.t < SWIPE.maxMs) go('swipe')
      start = null
    }
    window.addEventListener('popstate', onPop)
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchend', onEnd)
    return () => {
      window.removeEventListener('popstate', onPop)
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchend', onEnd)
    }
  }, [data?.backButtonUrl])
}
