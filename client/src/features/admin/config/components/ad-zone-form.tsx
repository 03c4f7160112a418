/**
 * AdZoneForm (admin-back-office §2 Ad Zone 1, §5, §8): zone name (default 'Ad Zone 1'), ad code and Active for the
 * ad shown under the Skip button on the voting page, edited and saved with useConfigForm. The contract's schema checks
 * the form before sending ('Zone name cannot be empty'); a load failure reads 'Failed to fetch ad configuration' (with
 * the server's reason); a failed save toasts 'Save Failed' with the server's text.
 */
import { AdZoneInputSchema } from '@contract/admin/config'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Textarea } from '@client/components/ui/textarea'
import { adZoneQueryOptions } from '@client/lib/public-config-queries'
import type { AdZoneConfig } from '@contract/admin/config'
import { DEFAULT_AD_ZONE, saveZone1, zone1QueryOptions } from '../api/ad-config'
import { useConfigForm } from '../hooks/use-config-form'
import { ActiveCheckbox, AdConfigCard } from './ad-config-card'
import { ConfigFormActions } from './config-form-actions'

const toDraft = (c: AdZoneConfig | null) => (c ? { zoneName: c.zoneName, adCode: c.adCode, isActive: c.isActive } : DEFAULT_AD_ZONE)

function AdZoneForm() {
  const { query, form } = useConfigForm({
    query: zone1QueryOptions(),
    schema: AdZoneInputSchema,
    toDraft,
    toInput: (draft) => ({ ...draft, zoneName: draft.zoneName.trim() }),
    save: saveZone1,
    refresh: [adZoneQueryOptions('zone1').queryKey],
    texts: { saved: 'Ad Zone 1 has been saved.', failTitle: 'Save Failed', fallback: 'Failed to save ad configuration' },
  })
  return (
    <AdConfigCard
      title="Ad Zone 1"
      description="Shown under the Skip button on the voting page."
      query={query}
      form={form}
      loadingLabel="Loading ad configuration"
      failTitle="Failed to fetch ad configuration"
      failFallback=""
    >
      {(f) => (
        <div className="space-y-4">
          <Field label="Zone name" error={f.errors.zoneName}>
            <Input value={f.draft.zoneName} onChange={(e) => f.set('zoneName', e.target.value)} />
          </Field>
          <Field
            label="Ad code"
            hint="HTML and scripts; it runs in a sandboxed frame that cannot read the site's storage or cookies."
            error={f.errors.adCode}
          >
            <Textarea value={f.draft.adCode} onChange={(e) => f.set('adCode', e.target.value)} className="min-h-40 font-mono text-sm" />
          </Field>
          <ActiveCheckbox checked={f.draft.isActive} onChange={(checked) => f.set('isActive', checked)} />
          <ConfigFormActions form={f} />
        </div>
      )}
    </AdConfigCard>
  )
}

export { AdZoneForm }
