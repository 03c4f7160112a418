/**
 * AdZone (public-visitor §2 Rate screen: zone1, minimum height 50 px): the server-provided ad code runs inside a
 * sandboxed iframe that allows scripts but not same-origin access, so it can never read the app's storage or cookies.
 * The frame loads the code from /api/ad-frame/<zone> (its own page with its own policy), not srcdoc, which would
 * inherit the app's Content-Security-Policy and block the ad's scripts.
 */
import { useAdZone } from '../api/get-ad-config'
import { paths } from '@contract/paths'

/** Minimum height of the ad container, px (public-visitor §9). */
export const AD_MIN_HEIGHT_PX = 50

function AdZone({ zoneId }: { zoneId: string }) {
  const { data } = useAdZone(zoneId)
  if (!data?.isActive || !data.adCode.trim()) return null
  return (
    <aside aria-label="Advertisement" className="overflow-hidden rounded-xl border border-zinc-800" style={{ minHeight: AD_MIN_HEIGHT_PX }}>
      <iframe
        title={`Ad ${zoneId}`}
        sandbox="allow-scripts allow-popups"
        key={data.adCode}
        src={paths.adFrame(zoneId)}
        className="block w-full border-0"
        style={{ minHeight: AD_MIN_HEIGHT_PX }}
      />
    </aside>
  )
}

export { AdZone }
