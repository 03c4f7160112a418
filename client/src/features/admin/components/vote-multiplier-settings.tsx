/**
 * VoteMultiplierSettings (admin-back-office §2 Vote Multiplier Settings, §4, §5, §8): enable switch, multiplier input
 * (min 0.1, step 0.1), preview, Save / Reset with the 'Unsaved Changes' badge, and the Current Configuration card.
 * Saving refreshes the public multiplier so the rate screen shows it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Badge } from '@client/components/ui/badge'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/lib/toast'
import { adminErrorText, adminFetch } from '../api/admin-api'
import { formatDateTime } from '../format'
import { numberOr } from '../validate'
import { ConfigFormActions } from './config-form-actions'
import { voteMultiplierQueryOptions } from '@client/lib/public-config-queries'

type MultiplierConfig = { isEnabled: boolean; multiplier: number; updatedAt: string | null }

/** The multiplier typed in the input: a non-numeric or empty entry falls back to 1 (admin-back-office §5). */
export const parseMultiplier = (text: string) => numberOr(Number.parseFloat(text), 1)

function MultiplierForm({ config }: { config: MultiplierConfig }) {
  const queryClient = useQueryClient()
  const [enabled, setEnabled] = useState(config.isEnabled)
  const [text, setText] = useState(String(config.multiplier))
  const [invalid, setInvalid] = useState(false)
  const dirty = enabled !== config.isEnabled || parseMultiplier(text) !== config.multiplier
  const save = useMutation({
    mutationFn: (body: { isEnabled: boolean; multiplier: number }) => adminFetch<MultiplierConfig>('/api/admin/vote-multiplier-config', { method: 'POST', json: body }),
    onSuccess: () => {
      toast({ title: 'Configuration Updated', description: 'Vote multiplier settings have been saved successfully.' })
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'vote-multiplier'] }), queryClient.invalidateQueries({ queryKey: voteMultiplierQueryOptions().queryKey })])
    },
    onError: (e) => toast({ title: 'Update Failed', description: adminErrorText(e, 'Failed to update vote multiplier configuration'), variant: 'destructive' }),
  })
  const multiplier = parseMultiplier(text)
  const onSave = () => {
    if (!(multiplier > 0)) return setInvalid(true)
    setInvalid(false)
    save.mutate({ isEnabled: enabled, multiplier })
  }
  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between">
        <CardTitle>Configuration</CardTitle>
        <Badge variant={enabled ? 'success' : 'neutral'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>
      <label className="flex items-center gap-3">
        <Switch checked={enabled} onCheckedChange={setEnabled} />
        Enable vote multiplier
      </label>
      <Field
        label="Multiplier"
        hint={
          <>
            <p>Example: 2.5 will show 250 votes when actual count is 100</p>
            <p>Common values: 1.5-10.0</p>
          </>
        }
      >
        <Input type="number" min={0.1} step={0.1} placeholder="1.0" value={text} onChange={(e) => setText(e.target.value)} className="w-40" />
      </Field>
      {enabled && <p className="text-sm text-zinc-300">{`With multiplier ${multiplier}, 100 actual votes will display as ${Math.round(100 * multiplier)} votes`}</p>}
      {invalid && (
        <p role="alert" className="text-sm text-red-400">
          Invalid Configuration: Vote multiplier must be greater than 0
        </p>
      )}
      <ConfigFormActions dirty={dirty} saving={save.isPending} onSave={onSave} onReset={() => (setEnabled(config.isEnabled), setText(String(config.multiplier)), setInvalid(false))} />
    </Card>
  )
}

function VoteMultiplierSettings() {
  const config = useQuery({ queryKey: ['admin', 'vote-multiplier'], queryFn: () => adminFetch<MultiplierConfig>('/api/admin/vote-multiplier-config'), staleTime: 10 * 60 * 1000 })
  useEffect(() => {
    if (config.isError) toast({ title: 'Error', description: adminErrorText(config.error, 'Failed to fetch vote multiplier configuration'), variant: 'destructive' })
  }, [config.isError, config.error])
  if (config.isPending) return <Spinner className="h-10 w-10" label="Loading configuration" />
  if (config.isError) return <p role="alert" className="text-red-400">Failed to load vote multiplier configuration. Please try again.</p>
  const c = config.data
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Vote Multiplier Settings</h1>
      <p className="text-zinc-400">Multiply the vote totals visitors see on the rate screen.</p>
      <p role="note" className="rounded-lg border border-sky-700/50 bg-sky-500/10 p-3 text-sm text-sky-200">
        Only displayed counts are affected. Stored votes never change.
      </p>
      <MultiplierForm key={`${c.isEnabled}|${c.multiplier}|${c.updatedAt}`} config={c} />
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
