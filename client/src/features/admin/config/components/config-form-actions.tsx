/**
 * ConfigFormActions (admin-back-office §2, §4): Save Configuration ('Saving...' while pending) and Reset Changes of a
 * useConfigForm form, both disabled until it is dirty, and the 'Unsaved Changes' badge.
 */
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import type { ConfigForm } from '../hooks/use-config-form'

/** Props: the form (its dirty, saving, save and reset) and the save button's label. */
export type ConfigFormActionsProps = { form: Pick<ConfigForm<never, unknown>, 'dirty' | 'saving' | 'save' | 'reset'>; saveLabel?: string }

function ConfigFormActions({ form, saveLabel = 'Save Configuration' }: ConfigFormActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={form.save} disabled={!form.dirty || form.saving}>
        {form.saving ? 'Saving...' : saveLabel}
      </Button>
      <Button variant="secondary" onClick={form.reset} disabled={!form.dirty || form.saving}>
        Reset Changes
      </Button>
      {form.dirty && (
        <Badge role="status" variant="warning">
          Unsaved Changes
        </Badge>
      )}
    </div>
  )
}

export { ConfigFormActions }
