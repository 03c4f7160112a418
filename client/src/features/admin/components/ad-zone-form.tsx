/**
 * AdZoneForm (admin-back-office §2 Ad Zone 1, §5, §8): zone name (default 'Ad Zone 1'), ad code and Active for the
 * ad shown under the Skip button on the voting page. The contract's schema checks the form before sending
 * ('Zone name cannot be empty'); a load failure reads 'Failed to fetch ad configuration' (with the server's reason); a failed save toasts 'Save Failed' with the server's text.
 */
import { useQuery } from '@tanstack/react-query'
import { AdZoneInputSchema } from '@contract/admin/config'
import { Card, CardTitle } from '@client/components/ui/card'
import { FormField } from '@client/components/ui/form-field'
import { Spinner } from '@client/components/ui/spinner'
import { adminErrorText } from '../api/admin-api'
import { DEFAULT_AD_ZONE, getZone1, PUBLIC_ZONE1_KEY, saveZone1, ZONE1_KEY, type AdZoneInput } from '../api/ad-config'
import { useDraft } from '../hooks/use-draft'
import { useSaveConfig } from '../hooks/use-save-config'
import { fieldErrors } from '../validate'
import { ConfigFormActions } from './config-form-actions'

function ZoneFields({ saved }: { saved: AdZoneInput }) {
  const form = useDraft(saved)
  const save = useSaveConfig({ save: saveZone1, adminKey: ZONE1_KEY, publicKey: PUBLIC_ZONE1_KEY, saved: 'Ad Zone 1 has been saved.', failTitle: 'Save Failed', fallback: 'Failed to save ad configuration' })
  const onSave = () => {
    const errors = fieldErrors(AdZoneInputSchema, form.draft)
    form.setErrors(errors)
    if (Object.keys(errors).length === 0) save.mutate({ ...form.draft, zoneName: form.draft.zoneName.trim() })
  }
  return (
    <div className="space-y-4">
      <FormField label="Zone name" name="zone1-name" value={form.draft.zoneName} error={form.errors.zoneName} onChange={(e) => form.set('zoneName', e.target.value)} />
      <FormField label="Ad code" name="zone1-code" multiline minHeight={160} hint="HTML and scripts; it runs in a sandboxed frame that cannot read the site's storage or cookies." value={form.draft.adCode} error={form.errors.adCode} onChange={(e) => form.set('adCode', e.target.value)} className="w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-sm" />
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={form.draft.isActive} onChange={(e) => form.set('isActive', e.target.checked)} className="h-4 w-4 accent-rose-500" />
        Active
      </label>
      <ConfigFormActions dirty={form.dirty} saving={save.isPending} onSave={onSave} onReset={form.reset} />
    </div>
  )
}

function AdZoneForm() {
  const config = useQuery({ queryKey: ZONE1_KEY, queryFn: getZone1 })
  const saved = config.data ? { zoneName: config.data.zoneName, adCode: config.data.adCode, isActive: config.data.isActive } : DEFAULT_AD_ZONE
  return (
    <Card role="region" aria-label="Ad Zone 1" className="space-y-4">
      <div>
        <CardTitle>Ad Zone 1</CardTitle>
        <p className="text-sm text-zinc-400">Shown under the Skip button on the voting page.</p>
      </div>
      {config.isPending ? (
        <Spinner label="Loading ad configuration" />
      ) : config.isError ? (
        <div role="alert" className="space-y-1 text-red-400">
          <p>Failed to fetch ad configuration</p>
          {adminErrorText(config.error, '') && <p className="text-sm">{adminErrorText(config.error, '')}</p>}
        </div>
      ) : (
        <ZoneFields key={config.data?.updatedAt ?? 'default'} saved={saved} />
      )}
    </Card>
  )
}

export { AdZoneForm }
