/**
 * BackButtonSection (admin-back-office §2 Traffic Handlers, §4, §5, §8): the back-button redirect URL (empty disables),
 * checked with BackButtonInputSchema; a preview; Save/Reset enabled by the dirty flag; the current settings and the history.
 */
import { useQuery } from '@tanstack/react-query'
import { BackButtonInputSchema } from '@contract/admin/config'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { idleRedirectQueryOptions } from '@client/lib/public-config-queries'
import { redirectConfigQueryOptions, redirectHistoryQueryOptions, saveRedirectConfig, type RedirectConfigs } from '../api/redirect-config'
import { useConfigForm } from '../hooks/use-config-form'
import { ConfigFormActions } from './config-form-actions'
import { CurrentSettings, RedirectHistory } from './redirect-history'

type BackConfig = RedirectConfigs['back-button']

/** The preview sentence for a back-button URL. */
export const backButtonPreview = (url: string) =>
  url.trim() === ''
    ? 'Back button redirect is disabled: no URL is set.'
    : `When visitors press Back to leave the site, they are sent to ${url.trim()}`

function BackButtonForm() {
  const { form } = useConfigForm({
    query: redirectConfigQueryOptions('back-button'),
    schema: BackButtonInputSchema,
    toDraft: (c: BackConfig) => ({ backButtonUrl: c.backButtonUrl }),
    toInput: (d) => ({ backButtonUrl: d.backButtonUrl.trim() }),
    save: (input) => saveRedirectConfig('back-button', input),
    refresh: [redirectHistoryQueryOptions('back-button').queryKey, idleRedirectQueryOptions().queryKey],
    texts: {
      saved: 'Back button redirect settings have been saved successfully.',
      failTitle: 'Save Failed',
      fallback: 'Failed to save back button configuration',
    },
  })
  if (!form) return null
  return (
    <Card className="space-y-4">
      <CardTitle>Back Button Redirects</CardTitle>
      <p className="text-sm text-zinc-400">
        Send visitors who press Back to leave the site to another page. Leave the URL empty to turn this off.
      </p>
      <Field label="Back button redirect URL" error={form.errors.backButtonUrl}>
        <Input
          type="url"
          placeholder="https://example.com"
          value={form.draft.backButtonUrl}
          onChange={(e) => form.set('backButtonUrl', e.target.value)}
        />
      </Field>
      <p className="rounded-lg bg-zinc-950 p-3 text-sm text-zinc-300">{backButtonPreview(form.draft.backButtonUrl)}</p>
      <ConfigFormActions form={form} saveLabel="Save Back Button Redirect" />
    </Card>
  )
}

function BackButtonSection({ config }: { config: BackConfig }) {
  const history = useQuery(redirectHistoryQueryOptions('back-button'))
  return (
    <section aria-label="Back Button Redirects" className="space-y-4">
      <BackButtonForm />
      <CurrentSettings label="Current back button settings" isActive={config.isActive} createdAt={config.createdAt}>
        <p className="break-all">Redirect URL: {config.backButtonUrl || 'Not set'}</p>
      </CurrentSettings>
      <RedirectHistory
        title="Back Button History"
        items={(history.data ?? []).map((h) => ({ ...h, text: h.backButtonUrl || '(disabled)' }))}
      />
    </section>
  )
}

export { BackButtonSection }
