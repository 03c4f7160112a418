/**
 * BackButtonSection (admin-back-office §2 Traffic Handlers, §4, §5, §8): the back-button redirect URL (empty disables),
 * checked with BackButtonInputSchema; a preview; Save/Reset enabled by the dirty flag; the current settings and the history.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { BackButtonInputSchema } from '@contract/admin/config'
import { Card, CardTitle } from '@client/components/ui/card'
import { FormField } from '@client/components/ui/form-field'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '../api/admin-api'
import { redirectHistoryQueryOptions, useSaveRedirectConfig, type RedirectConfigs } from '../api/redirect-config'
import { fieldErrors } from '../validate'
import { formatDateTime } from '../format'
import { ConfigFormActions } from './config-form-actions'
import { RedirectHistory } from './redirect-history'

type BackConfig = RedirectConfigs['back-button']

/** The preview sentence for a back-button URL. */
export const backButtonPreview = (url: string) =>
  url.trim() === '' ? 'Back button redirect is disabled: no URL is set.' : `When visitors press Back to leave the site, they are sent to ${url.trim()}`

function BackButtonForm({ config }: { config: BackConfig }) {
  const [url, setUrl] = useState(config.backButtonUrl)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveRedirectConfig('back-button', {
    onSuccess: () => toast({ title: 'Configuration Saved', description: 'Back button redirect settings have been saved successfully.' }),
    onError: (e) => toast({ title: 'Save Failed', description: adminErrorText(e, 'Failed to save back button configuration'), variant: 'destructive' }),
  })
  const input = { backButtonUrl: url.trim() }
  const dirty = input.backButtonUrl !== config.backButtonUrl
  const onSave = () => {
    const found = fieldErrors(BackButtonInputSchema, input)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    save.mutate(input)
  }
  return (
    <Card className="space-y-4">
      <CardTitle>Back Button Redirects</CardTitle>
      <p className="text-sm text-zinc-400">Send visitors who press Back to leave the site to another page. Leave the URL empty to turn this off.</p>
      <FormField label="Back button redirect URL" name="backButtonUrl" type="url" placeholder="https://example.com" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.backButtonUrl} />
      <p className="rounded-lg bg-zinc-950 p-3 text-sm text-zinc-300">{backButtonPreview(url)}</p>
      <ConfigFormActions dirty={dirty} saving={save.isPending} onSave={onSave} onReset={() => (setUrl(config.backButtonUrl), setErrors({}))} saveLabel="Save Back Button Redirect" />
    </Card>
  )
}

function BackButtonSection({ config }: { config: BackConfig }) {
  const history = useQuery(redirectHistoryQueryOptions('back-button'))
  return (
    <section aria-label="Back Button Redirects" className="space-y-4">
      <BackButtonForm key={`${config.createdAt}|${config.backButtonUrl}`} config={config} />
      <Card aria-label="Current back button settings" className="space-y-1 text-sm">
        <CardTitle className="text-base">Current Settings</CardTitle>
        <p>Status: {config.isActive ? 'Active' : 'Inactive'}</p>
        <p className="break-all">Redirect URL: {config.backButtonUrl || 'Not set'}</p>
        <p>Last updated: {config.createdAt ? formatDateTime(config.createdAt) : 'Never'}</p>
      </Card>
      <RedirectHistory title="Back Button History" items={(history.data ?? []).map((h) => ({ ...h, text: h.backButtonUrl || '(disabled)' }))} />
    </section>
  )
}

export { BackButtonSection }
