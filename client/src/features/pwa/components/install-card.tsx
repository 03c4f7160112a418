/**
 * InstallCard: an Install App button where the browser offers installing (beforeinstallprompt), and on
 * iOS, where Safari has no such offer, the hint to use Add to Home Screen and why installing helps there. Renders
 * nothing when neither applies (already installed, or a browser that cannot install).
 */
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { useInstall } from '../hooks/use-install'

/** Text of the iOS hint: how to install and why it matters on Safari. */
export const IOS_INSTALL_HINT =
  'Safari has no Background Sync, so votes made offline wait on this device until you open HotVote again, and Safari deletes the data of sites that are not installed after 7 days without use. Installing keeps your waiting votes and saved media safe.'

function InstallCard() {
  const { canInstall, showIosHint, install } = useInstall()
  if (!canInstall && !showIosHint) return null
  return (
    <Card className="space-y-3" aria-label="Install app">
      <CardTitle>Install HotVote</CardTitle>
      {canInstall ? (
        <>
          <p className="text-sm text-zinc-400">Add HotVote to your home screen: it opens like an app and keeps working offline.</p>
          <Button onClick={() => void install()}>Install App</Button>
        </>
      ) : (
        <>
          <p className="text-sm text-zinc-300">
            Tap the Share button, then <strong>Add to Home Screen</strong>.
          </p>
          <p className="text-sm text-zinc-400">{IOS_INSTALL_HINT}</p>
        </>
      )}
    </Card>
  )
}

export { InstallCard }
