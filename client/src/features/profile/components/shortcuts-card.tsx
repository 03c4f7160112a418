/**
 * ShortcutsCard (WCAG 2.1.4 Character Key Shortcuts): turns the rate screen's one-key voting shortcuts
 * (H or → for Hot, N or ← for Not) on or off for this browser; on by default.
 */
import { Card, CardTitle } from '@client/components/ui/card'
import { Checkbox } from '@client/components/ui/checkbox'
import { setShortcutsEnabled, useShortcutsEnabled } from '@client/lib/preferences'

function ShortcutsCard() {
  const enabled = useShortcutsEnabled()
  return (
    <Card className="space-y-2 text-sm">
      <CardTitle>Keyboard Shortcuts</CardTitle>
      <label className="flex items-center gap-3">
        <Checkbox checked={enabled} onCheckedChange={setShortcutsEnabled} />
        One-key voting: H or → for Hot, N or ← for Not
      </label>
      <p className="text-zinc-400">
        Turn this off if you use speech input or keep pressing keys by accident. The Hot and Not buttons always work with Tab and Enter.
      </p>
    </Card>
  )
}

export { ShortcutsCard }
