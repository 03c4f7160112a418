/**
 * SkipButton (public-visitor §2, §5): the configured text; with a URL that parses, it goes there; otherwise (or
 * while unconfigured) it does the default skip, showing the next item.
 */
import { DEFAULT_SKIP_BUTTON_TEXT } from '@contract/public-config'
import { Button } from '@client/components/ui/button'
import { useSkipButtonConfig } from '../api/get-ad-config'

const parsesAsUrl = (url: string) => {
  try {
    return Boolean(url) && Boolean(new URL(url))
  } catch {
    return false
  }
}

/** Props: skip, the rate screen's default skip action. */
function SkipButton({ skip }: { skip(): void }) {
  const { data } = useSkipButtonConfig()
  if (data && !data.isActive) return null
  const url = data?.buttonUrl ?? ''
  return (
    <Button variant="secondary" className="w-full" onClick={() => (parsesAsUrl(url) ? window.location.assign(url) : skip())}>
      {data?.buttonText || DEFAULT_SKIP_BUTTON_TEXT}
    </Button>
  )
}

export { SkipButton }
