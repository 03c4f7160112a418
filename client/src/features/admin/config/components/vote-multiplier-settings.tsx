/**
 * VoteMultiplierSettings (admin-back-office §2 Vote Multiplier Settings, §4, §5, §8): enable switch, multiplier input
 * (min 0.1, step 0.1), preview, Save / Reset with the 'Unsaved Changes' badge, and the Current Configuration card,
 * edited and saved with useConfigForm. A multiplier at or below 0 shows 'Invalid Configuration: Vote multiplier must be
 * greater than 0' (the contract's words) and nothing is saved. Saving refreshes the public multiplier so the rate screen shows it.
 */
import { useEffect } from 'react'
import { VoteMultiplierInputSchema, type VoteMultiplierConfig, type VoteMultiplierInput } from '@contract/admin/config'
import { Badge } from '@client/components/ui/badge'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { voteMultiplierQueryOptions } from '@client/lib/public-config-queries'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { formatDateTime } from '@client/features/admin/shell/format'
import { saveVoteMultiplier, voteMultiplierAdminQueryOptions } from '../api/vote-multiplier-config'
import { useConfigForm, type ConfigForm } from '../hooks/use-config-form'
import { numberOr } from '../validate'
import { ConfigFormActions } from './config-form-actions'

type MultiplierDraft = { isEnabled: boolean; multiplier: string }

/** The multiplier typed in the input: a non-numeric or empty entry falls back to 1 (admin-back-office §5). */
export const parseMultiplier = (text: string) => numberOr(Number.parseFloat(text), 1)

/** The spec's words for a multiplier at or below 0 (admin-back-office §5); other problems keep the contract's message. */
const invalidMultiplierText = (message: string) =>
  message === 'Vote multiplier must be greater than 0'
    ? 'Invalid Configuration: Vote multiplier must be greater than 0'
    : `Invalid Configuration: ${message}`

function MultiplierForm({ form }: { form: ConfigForm<MultiplierDraft, VoteMultiplierInput> }) {
  const { isEnabled, multiplier } = form.input
  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between">
        <CardTitle>Configuration</CardTitle>
        <Badge variant={isEnabled ? 'success' : 'neutral'}>{isEnabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>
      <label className="flex items-center gap-3">
        <Switch checked={isEnabled} onCheckedChange={(checked) => form.set('isEnabled', checked)} />
        Enable vote multiplier
      </label>
      <Field
        label="Multiplier"
        error={form.errors.multiplier && invalidMultiplierText(form.errors.multiplier)}
        hint={
          <>
            <p>Example: 2.5 will show 250 votes when actual count is 100</p>
            <p>Common values: 1.5-10.0</p>
          </>
        }
      >
        <Input
          type="number"
          min={0.1}
          step={0.1}
          placeholder="1.0"
          value={form.draft.multiplier}
          onChange={(e) => form.set('multiplier', e.target.value)}
          className="w-40"
        />
      </Field>
      {isEnabled && (
        <p className="text-sm text-zinc-300">{`With multiplier ${multiplier}, 100 actual votes will display as ${Math.round(100 * multiplier)} votes`}</p>
      )}
      <ConfigFormActions form={form} />
    </Card>
  )
}

function VoteMultiplierSettings() {
  const { query, form } = useConfigForm({
    query: voteMultiplierAdminQueryOptions(),
    schema: VoteMultiplierInputSchema,
    toDraft: (c: VoteMultiplierConfig): MultiplierDraft => ({ isEnabled: c.isEnabled, multiplier: String(c.multiplier) }),
    toInput: (d) => ({ isEnabled: d.isEnabled, multiplier: parseMultiplier(d.multiplier) }),
    save: saveVoteMultiplier,
    refresh: [voteMultiplierQueryOptions().queryKey],
    texts: {
      savedTitle: 'Configuration Updated',
      saved: 'Vote multiplier settings have been saved successfully.',
      failTitle: 'Update Failed',
      fallback: 'Failed to update vote multiplier configuration',
    },
  })
  useEffect(() => {
    if (query.isError)
      toast({
        title: 'Error',
        description: adminErrorText(query.error, 'Failed to fetch vote multiplier configuration'),
        variant: 'destructive',
      })
  }, [query.isError, query.error])
  if (query.isError)
    return (
      <p role="alert" className="text-red-400">
        Failed to load vote multiplier configuration. Please try again.
      </p>
    )
  if (!form || !query.data) return <Spinner className="h-10 w-10" label="Loading configuration" />
  const c = query.data
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Vote Multiplier Settings</h1>
      <p className="text-zinc-400">Multiply the vote totals visitors see on the rate screen.</p>
      <p role="note" className="rounded-lg border border-sky-700/50 bg-sky-500/10 p-3 text-sm text-sky-200">
        Only displayed counts are affected. Stored votes never change.
      </p>
      <MultiplierForm form={form} />
      <Card aria-label="Current Configuration" className="space-y-1 text-sm">
        <CardTitle>Current Configuration</CardTitle>
        <p>Last updated: {c.updatedAt ? formatDateTime(c.updatedAt) : 'Never'}</p>
        <p>Status: {c.isEnabled ? 'Enabled' : 'Disabled'}</p>
        <p>Multiplier: {c.multiplier}x</p>
      </Card>
    </div>
  )
}

export { VoteMultiplierSettings }
