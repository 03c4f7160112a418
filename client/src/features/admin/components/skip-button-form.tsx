/**
 * SkipButtonForm (admin-back-office §2 Skip Button Configuration, §5, §8): zone name (default 'Skip Button'), button
 * text (default 'Skip this photo'), an optional destination URL and Active. The contract's schema checks the form
 * before sending ('Zone name cannot be empty', 'Button text cannot be empty', SKIP_URL_MESSAGE); a failed save toasts
 * 'Save Failed' with the server's text. A load failure reads 'Failed to load skip button configuration. Please try
 * refreshing the page.' over the reason ('Failed to fetch skip button configuration' or the server's text).
 */
import { useQuery } from '@tanstack/react-query'
import { SkipButtonInputSchema } from '@contract/admin/config'
import { Card, CardTitle } from '@client/components/ui/card'
import { FormField } from '@client/components/ui/form-field'
import { Spinner } from '@client/components/ui/spinner'
import { adminErrorText } from '../api/admin-api'
import { DEFAULT_SKIP_BUTTON_INPUT, getSkipButton, PUBLIC_SKIP_BUTTON_KEY, saveSkipButton, SKIP_BUTTON_KEY, type SkipButtonInput } from '../api/ad-config'
import { useDraft } from '../hooks/use-draft'
import { useSaveConfig } from '../hooks/use-save-config'
import { fieldErrors } from '../validate'
import { ConfigFormActions } from './config-form-actions'

function SkipFields({ saved }: { saved: SkipButtonInput }) {
  const form = useDraft(saved)
  const save = useSaveConfig({ save: saveSkipButton, adminKey: SKIP_BUTTON_KEY, publicKey: PUBLIC_SKIP_BUTTON_KEY, saved: 'The skip button has been saved.', failTitle: 'Save Failed', fallback: 'Failed to save skip button configuration' })
  const onSave = () => {
    const errors = fieldErrors(SkipButtonInputSchema, form.draft)
    form.setErrors(errors)
    const { zoneName, buttonText, buttonUrl, isActive } = form.draft
    if (Object.keys(errors).length === 0) save.mutate({ zoneName: zoneName.trim(), buttonText: buttonText.trim(), buttonUrl: buttonUrl.trim(), isActive })
  }
  return (
    <div className="space-y-4">
      <FormField label="Zone name" name="skip-zone-name" value={form.draft.zoneName} error={form.errors.zoneName} onChange={(e) => form.set('zoneName', e.target.value)} />
      <FormField label="Button text" name="skip-button-text" value={form.draft.buttonText} error={form.errors.buttonText} onChange={(e) => form.set('buttonText', e.target.value)} />
      <FormField
        label="Destination URL (optional)"
        name="skip-button-url"
        type="url"
        placeholder="https://example.com"
        hint="Leave empty and the button only moves on to the next photo."
        value={form.draft.buttonUrl}
        error={form.errors.buttonUrl}
        onChange={(e) => form.set('buttonUrl', e.target.value)}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={form.draft.isActive} onChange={(e) => form.set('isActive', e.target.checked)} className="h-4 w-4 accent-rose-500" />
        Active
      </label>
      <ConfigFormActions dirty={form.dirty} saving={save.isPending} onSave={onSave} onReset={form.reset} />
    </div>
  )
}

function SkipButtonForm() {
  const config = useQuery({ queryKey: SKIP_BUTTON_KEY, queryFn: getSkipButton })
  const saved = config.data ? { zoneName: config.data.zoneName, buttonText: config.data.buttonText, buttonUrl: config.data.buttonUrl, isActive: config.data.isActive } : DEFAULT_SKIP_BUTTON_INPUT
  return (
    <Card role="region" aria-label="Skip Button Configuration" className="space-y-4">
      <CardTitle>Skip Button Configuration</CardTitle>
      {config.isPending ? (
        <Spinner label="Loading skip button configuration" />
      ) : config.isError ? (
        <div role="alert" className="space-y-1 text-red-400">
          <p>Failed to load skip button configuration. Please try refreshing the page.</p>
          <p className="text-sm">{adminErrorText(config.error, 'Failed to fetch skip button configuration')}</p>
        </div>
      ) : (
        <SkipFields key={config.data?.updatedAt ?? 'default'} saved={saved} />
      )}
    </Card>
  )
}

export { SkipButtonForm }
