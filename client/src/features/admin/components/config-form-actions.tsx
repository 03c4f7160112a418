/**
 * ConfigFormActions (admin-back-office §2, §4): Save Configuration ('Saving...' while pending) and Reset Changes,
 * both disabled until the form is dirty, and the unsaved-changes notice.
 */
import { Button } from '@client/components/ui/button'

/** Props: dirty (edited since load or save), saving (the save is pending), the two actions, and the save button's label. */
export type ConfigFormActionsProps = { dirty: boolean; saving: boolean; onSave(): void; onReset(): void; saveLabel?: string }

function ConfigFormActions({ dirty, saving, onSave, onReset, saveLabel = 'Save Configuration' }: ConfigFormActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={onSave} disabled={!dirty || saving}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
      <Button variant="secondary" onClick={onReset} disabled={!dirty || saving}>
        Reset Changes
      </Button>
      {dirty && (
        <span role="status" className="rounded-full bg-amber-600 px-2 py-0.5 text-xs">
          Unsaved Changes
        </span>
      )}
    </div>
  )
}

export { ConfigFormActions }
