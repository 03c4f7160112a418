/**
 * ConfigFormActions (admin-back-office §2, §4): Save Configuration ('Saving...' while pending) and Reset Changes,
 * both disabled until the form is dirty, and the unsaved-changes notice.
 */
import { Badge } from '@client/components/ui/badge'
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
        <Badge role="status" variant="warning">
          Unsaved Changes
        </Badge>
      )}
    </div>
  )
}

export { ConfigFormActions }
