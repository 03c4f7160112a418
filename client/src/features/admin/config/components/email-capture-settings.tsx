/**
 * EmailCaptureSettings (admin-back-office §2 Email Capture Configuration, §5, §8, §9): the enable switch, the vote
 * threshold (input 1-100; unparsable becomes 1; checked with the contract's 'Vote threshold must be at least 1'),
 * Reset Changes, Save Configuration, the unsaved-changes notice and how it works. Cached 10 minutes. A load failure
 * reads 'Failed to load email capture configuration. Please try refreshing the page.'; a failed save toasts
 * 'Update Failed' with the server's text.
 */
import { EmailCaptureInputSchema } from '@contract/admin/config'
import type { EmailCaptureConfig } from '@contract/public-config'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { emailCaptureQueryOptions } from '@client/lib/public-config-queries'
import { emailCaptureAdminQueryOptions, parseThreshold, saveEmailCaptureConfig } from '../api/email-capture-config'
import { useConfigForm, type ConfigForm } from '../hooks/use-config-form'
import { ConfigFormActions } from './config-form-actions'

type CaptureDraft = { isEnabled: boolean; voteThreshold: string }

function CaptureForm({ form }: { form: ConfigForm<CaptureDraft, EmailCaptureConfig> }) {
  return (
    <Card className="space-y-4">
      <CardTitle>Configuration</CardTitle>
      <label className="flex items-center gap-3">
        <Switch checked={form.draft.isEnabled} onCheckedChange={(checked) => form.set('isEnabled', checked)} />
        Enable email capture
      </label>
      <Field label="Vote threshold" hint="Votes a visitor casts before the prompt appears (1-100)." error={form.errors.voteThreshold}>
        <Input
          type="number"
          min={1}
          max={100}
          step={1}
          className="w-40"
          value={form.draft.voteThreshold}
          onChange={(e) => form.set('voteThreshold', e.target.value)}
        />
      </Field>
      {form.dirty && (
        <p role="note" className="rounded-lg border border-amber-600/60 bg-amber-500/10 p-3 text-sm text-amber-200">
          You have unsaved changes. Save them to apply them to the site.
        </p>
      )}
      <ConfigFormActions form={form} />
    </Card>
  )
}

function EmailCaptureSettings() {
  const { query, form } = useConfigForm({
    query: emailCaptureAdminQueryOptions(),
    schema: EmailCaptureInputSchema,
    toDraft: (c: EmailCaptureConfig): CaptureDraft => ({ isEnabled: c.isEnabled, voteThreshold: String(c.voteThreshold) }),
    toInput: (d) => ({ isEnabled: d.isEnabled, voteThreshold: parseThreshold(d.voteThreshold) }),
    save: saveEmailCaptureConfig,
    refresh: [emailCaptureQueryOptions().queryKey],
    texts: {
      saved: 'Email capture settings have been saved.',
      failTitle: 'Update Failed',
      fallback: 'Failed to update email capture configuration',
    },
  })
  if (query.isError)
    return (
      <p role="alert" className="text-red-400">
        Failed to load email capture configuration. Please try refreshing the page.
      </p>
    )
  if (!form) return <Spinner className="h-10 w-10" label="Loading configuration" />
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Email Capture Configuration</h1>
      <CaptureForm form={form} />
      <Card className="space-y-2 text-sm text-zinc-300">
        <CardTitle>How it works</CardTitle>
        <p>
          When email capture is enabled, a visitor without an email is asked to leave one (&lsquo;Loving the site so far?&rsquo;) once their
          votes reach the threshold.
        </p>
        <p>A visitor who chooses &lsquo;Maybe later&rsquo; cannot vote again until they add an email on their profile page.</p>
        <p>Visitors who already gave an email are never asked. Visitors pick up a change within 30 minutes.</p>
      </Card>
    </div>
  )
}

export { EmailCaptureSettings }
