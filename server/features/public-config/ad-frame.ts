/**
 * The ad frame document (public-visitor §7 "the code is inserted and its scripts run"): the
 * zone's ad code served as its own page, so the app's strict Content-Security-Policy does not apply to it (an
 * iframe srcdoc would inherit the app's policy and block the ad's scripts). The page has a policy of its own: it is
 * sandboxed without same-origin access (scripts and popups allowed), so even opened directly it can read none of
 * this origin's cookies or storage, and only this origin may frame it.
 */

/** Content-Security-Policy of the ad frame. */
export const AD_FRAME_POLICY = "sandbox allow-scripts allow-popups; frame-ancestors 'self'"

/** The ad frame answer for adCode (HTML, not cached, so a saved change shows on the next load). */
export function adFrameResponse(adCode: string): Response {
  return new Response(`<!doctype html>\n${adCode}`, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': AD_FRAME_POLICY,
      'X-Frame-Options': 'SAMEORIGIN',
      'Cache-Control': 'no-cache',
    },
  })
}
