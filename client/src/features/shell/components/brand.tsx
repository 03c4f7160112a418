/** Brand: the site's logo or name from the site settings (public-visitor §2 Shell behaviour); also sets the document title and loads analytics. */
import { useEffect } from 'react'
import { loadAnalytics } from '@client/lib/analytics'
import { useSiteSettings } from '../api/get-site-settings'

function Brand() {
  const { data } = useSiteSettings()
  const name = data?.siteName ?? 'HotVote'
  useEffect(() => {
    document.title = name
    if (data) loadAnalytics(data.analyticsId)
  }, [name, data])
  if (data?.useLogo) {
    return (
      <span className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
        <span
          aria-hidden
          className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-rose-500 to-orange-400 text-sm text-white"
        >
          {data.logoType.slice(0, 1).toUpperCase() || 'H'}
        </span>
        <span className="bg-gradient-to-r from-rose-400 to-orange-300 bg-clip-text text-transparent">{name}</span>
      </span>
    )
  }
  return <span className="text-xl font-extrabold tracking-tight text-rose-400">{name}</span>
}

export { Brand }
