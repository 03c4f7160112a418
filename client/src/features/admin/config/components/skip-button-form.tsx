/**
 * SkipButtonForm (admin-back-office §2 Skip Button Configuration, §5, §8): zone name (default 'Skip Button'), button
 * text (default 'Skip this photo'), an optional destination URL and Active, edited and saved with useConfigForm. The
 * contract's schema checks the form before sending ('Zone name cannot be empty', 'Button text cannot be empty',
 * SKIP_URL_MESSAGE); a failed save toasts 'Save Failed' with the server's text. A load failure reads 'Failed to load
 * skip button configuration. Please try refreshing the page.' over the reason ('Failed to fetch skip button
 * configuration' or the server's text).
 */
import { SkipButtonInputSchema } from '@contract/admin/config'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { skipButtonQueryOptions } from '@client/lib/public-config-queries'
import type { SkipButtonConfig } from '@contract/admin/config'
import { DEFAULT_SKIP_BUTTON_INPUT, saveSkipButton, skipButtonAdminQueryOptions } from '../api/ad-config'
import { useConfigForm } from '../hooks/use-config-form'
import { ActiveCheckbox, AdConfigCard } from './ad-config-card'
import { ConfigFormActions } from './config-form-actions'

const toDraft = (c: SkipButtonConfig | null) =>
  c ? { zoneName: c.zoneName, buttonText: c.buttonText, buttonUrl: c.buttonUrl, isActive: c.isActive } : DEFAULT_SKIP_BUTTON_INPUT

function SkipButtonForm() {
  const { query, form } = useConfigForm({
    query: skipButtonAdminQueryOptions(),
    schema: SkipButtonInputSchema,
    toDraft,
    toInput: ({ zoneName, buttonText, buttonUrl, isActive }) => ({
      zoneName: zoneName.trim(),
      buttonText: buttonText.trim(),
      buttonUrl: buttonUrl.trim(),
      isActive,
    }),
    save: saveSkipButton,
    refresh: [skipButtonQueryOptions().queryKey],
    texts: { saved: 'The skip button has been saved.', failTitle: 'Save Failed', fallback: 'Failed to save skip button configuration' },
  })
  return (
    <AdConfigCard
      title="Skip Button Configuration"
      query={query}
      form={form}
      loadingLabel="Loading skip button configuration"
      failTitle="Failed to load skip button configuration. Please try refreshing the page."
      failFallback="Failed to fetch skip button configuration"
    >
      {(f) => (
        <div className="space-y-4">
          <Field label="Zone name" error={f.errors.zoneName}>
            <Input value={f.draft.zoneName} onChange={(e) => f.set('zoneName', e.target.value)} />
          </Field>
          <Field label="Button text" error={f.errors.buttonText}>
            <Input value={f.draft.buttonText} onChange={(e) => f.set('buttonText', e.target.value)} />
          </Field>
          <Field
            label="Destination URL (optional)"
            hint="Leave empty and the button only moves on to the next photo."
            error={f.errors.buttonUrl}
          >
            <Input
              type="url"
              placeholder="https://example.com"
              value={f.draft.buttonUrl}
              onChange={(e) => f.set('buttonUrl', e.target.value)}
            />
          </Field>
          <ActiveCheckbox checked={f.draft.isActive} onChange={(checked) => f.set('isActive', checked)} />
          <ConfigFormActions form={f} />
        </div>
      )}
    </AdConfigCard>
  )
}

export { SkipButtonForm }
