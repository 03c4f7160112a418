/**
 * SkipButtonForm (admin-back-office §2 Skip Button Configuration, §5, §8): zone name (default 'Skip Button'), button
 * text (default 'Skip this photo'), an optional destination URL and Active. The contract's schema checks the form
 * before sending ('Zone name cannot be empty', 'Button text cannot be empty', SKIP_URL_MESSAGE); a failed save toasts
 * 'Save Failed' with the server's text. A load failure reads 'Failed to load skip button configuration. Please try
 * refreshing the page.' over the reason ('Failed to fetch skip button configuration' or the server's text).
 */
import { useQuery } from '@tanstack/react-query'
import { SkipButtonInputSchema } from '@contract/admin/config'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { skipButtonQueryOptions } from '@client/lib/public-config-queries'
import { DEFAULT_SKIP_BUTTON_INPUT, getSkipButton, saveSkipButton, SKIP_BUTTON_KEY, type SkipButtonInput } from '../api/ad-config'
import { useConfigForm } from '../hooks/use-config-form'
import { ActiveCheckbox, AdConfigCard } from './ad-config-card'
import { ConfigFormActions } from './config-form-actions'

function SkipFields({ saved }: { saved: SkipButtonInput }) {
  const form = useConfigForm(
    saved,
    SkipButtonInputSchema,
    { save: saveSkipButton, adminKey: SKIP_BUTTON_KEY, publicKey: skipButtonQueryOptions().queryKey, saved: 'The skip button has been saved.', failTitle: 'Save Failed', fallback: 'Failed to save skip button configuration' },
    ({ zoneName, buttonText, buttonUrl, isActive }) => ({ zoneName: zoneName.trim(), buttonText: buttonText.trim(), buttonUrl: buttonUrl.trim(), isActive }),
  )
  return (
    <div className="space-y-4">
      <Field label="Zone name" error={form.errors.zoneName}>
        <Input value={form.draft.zoneName} onChange={(e) => form.set('zoneName', e.target.value)} />
      </Field>
      <Field label="Button text" error={form.errors.buttonText}>
        <Input value={form.draft.buttonText} onChange={(e) => form.set('buttonText', e.target.value)} />
      </Field>
      <Field label="Destination URL (optional)" hint="Leave empty and the button only moves on to the next photo." error={form.errors.buttonUrl}>
        <Input type="url" placeholder="https://example.com" value={form.draft.buttonUrl} onChange={(e) => form.set('buttonUrl', e.target.value)} />
      </Field>
      <ActiveCheckbox checked={form.draft.isActive} onChange={(checked) => form.set('isActive', checked)} />
      <ConfigFormActions dirty={form.dirty} saving={form.saving} onSave={form.onSave} onReset={form.reset} />
    </div>
  )
}

function SkipButtonForm() {
  const config = useQuery({ queryKey: SKIP_BUTTON_KEY, queryFn: getSkipButton })
  return (
    <AdConfigCard
      title="Skip Button Configuration"
      query={config}
      loadingLabel="Loading skip button configuration"
      failTitle="Failed to load skip button configuration. Please try refreshing the page."
      failFallback="Failed to fetch skip button configuration"
    >
      {(c) => <SkipFields key={c?.updatedAt ?? 'default'} saved={c ? { zoneName: c.zoneName, buttonText: c.buttonText, buttonUrl: c.buttonUrl, isActive: c.isActive } : DEFAULT_SKIP_BUTTON_INPUT} />}
    </AdConfigCard>
  )
}

export { SkipButtonForm }
