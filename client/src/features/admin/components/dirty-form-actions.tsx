/** DirtyFormActions (admin-back-office §4: a dirty flag enables Save and Reset): Save ('Saving...' while pending), Reset Changes and an 'Unsaved Changes' badge. */
import { Button } from '@client/components/ui/button'

/** Props: dirty (something changed), saving (the save is pending), and the two actions. */
export type DirtyFormActionsProps = { dirty: boolean; saving: boolean; onSave: () => void; onReset: () => void; saveLabel?: string }

function DirtyFormActions({ dirty, saving, onSave, onReset, saveLabel = 'Save Configuration' }: DirtyFormActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={onSave} disabled={!dirty || saving}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
      <Button variant="secondary" disabled={!dirty || saving} onClick={onReset}>
        Reset Changes
      </Button>
      {dirty && <span className="rounded-full bg-amber-600 px-2 py-0.5 text-xs">Unsaved Changes</span>}
    </div>
  )
}

export { DirtyFormActions }
