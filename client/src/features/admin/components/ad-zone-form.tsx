/**
 * AdZoneForm (admin-back-office §2 Ad Zone 1, §5, §8): zone name (default 'Ad Zone 1'), ad code and Active for the
 * ad shown under the Skip button on the voting page. The contract's schema checks the form before sending
 * ('Zone name cannot be empty'); a load failure reads 'Failed to fetch ad configuration' (with the server's reason); a failed save toasts 'Save Failed' with the server's text.
 */
import { useQuery } from '@tanstack/react-query'
import { AdZoneInputSchema } from '@contract/admin/config'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Textarea } from '@client/components/ui/textarea'
import { adZoneQueryOptions } from '@client/lib/public-config-queries'
import { DEFAULT_AD_ZONE, getZone1, saveZone1, ZONE1_KEY, type AdZoneInput } from '../api/ad-config'
import { useConfigForm } from '../hooks/use-config-form'
import { ActiveCheckbox, AdConfigCard } from './ad-config-card'
import { ConfigFormActions } from './config-form-actions'

function ZoneFields({ saved }: { saved: AdZoneInput }) {
  const form = useConfigForm(
    saved,
    AdZoneInputSchema,
    { save: saveZone1, adminKey: ZONE1_KEY, publicKey: adZoneQueryOptions('zone1').queryKey, saved: 'Ad Zone 1 has been saved.', failTitle: 'Save Failed', fallback: 'Failed to save ad configuration' },
    (draft) => ({ ...draft, zoneName: draft.zoneName.trim() }),
  )
  return (
    <div className="space-y-4">
      <Field label="Zone name" error={form.errors.zoneName}>
        <Input value={form.draft.zoneName} onChange={(e) => form.set('zoneName', e.target.value)} />
      </Field>
      <Field label="Ad code" hint="HTML and scripts; it runs in a sandboxed frame that cannot read the site's storage or cookies." error={form.errors.adCode}>
        <Textarea value={form.draft.adCode} onChange={(e) => form.set('adCode', e.target.value)} className="min-h-40 font-mono text-sm" />
      </Field>
      <ActiveCheckbox checked={form.draft.isActive} onChange={(checked) => form.set('isActive', checked)} />
      <ConfigFormActions dirty={form.dirty} saving={form.saving} onSave={form.onSave} onReset={form.reset} />
    </div>
  )
}

function AdZoneForm() {
  const config = useQuery({ queryKey: ZONE1_KEY, queryFn: getZone1 })
  return (
    <AdConfigCard title="Ad Zone 1" description="Shown under the Skip button on the voting page." query={config} loadingLabel="Loading ad configuration" failTitle="Failed to fetch ad configuration" failFallback="">
      {(c) => <ZoneFields key={c?.updatedAt ?? 'default'} saved={c ? { zoneName: c.zoneName, adCode: c.adCode, isActive: c.isActive } : DEFAULT_AD_ZONE} />}
    </AdConfigCard>
  )
}

export { AdZoneForm }
