/**
 * IdleRedirectSection (admin-back-office §2 Traffic Handlers, §4, §5, §8, §9): idle time in seconds (30-3600, an
 * unparsable entry becomes 30) and the redirect URL (empty disables), checked with IdleRedirectInputSchema; a preview
 * of the typed values; Save/Reset enabled by the dirty flag; the current settings and the history.
 */
import { useQuery } from '@tanstack/react-query'
import { IDLE_TIME_MAX, IDLE_TIME_MIN, IdleRedirectInputSchema } from '@contract/admin/config'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { idleRedirectQueryOptions } from '@client/lib/public-config-queries'
import { redirectConfigQueryOptions, redirectHistoryQueryOptions, saveRedirectConfig, type RedirectConfigs } from '../api/redirect-config'
import { useConfigForm } from '../hooks/use-config-form'
import { numberOr } from '../validate'
import { ConfigFormActions } from './config-form-actions'
import { CurrentSettings, RedirectHistory } from './redirect-history'

type IdleConfig = RedirectConfigs['idle-redirect']

/** The idle time typed in the input, in seconds: an unparsable entry becomes 30 (admin-back-office §5). */
export const parseIdleTime = (text: string) => numberOr(Number.parseInt(text, 10), IDLE_TIME_MIN)

/** The preview sentence for an idle time (seconds) and URL. */
export const idlePreview = (seconds: number, url: string) =>
  url.trim() === ''
    ? 'Idle redirect is disabled: no URL is set.'
    : `After ${seconds} seconds without activity, visitors are sent to ${url.trim()}`

type IdleDraft = { idleRedirectTime: string; idleRedirectUrl: string }

function IdleRedirectForm() {
  const { form } = useConfigForm({
    query: redirectConfigQueryOptions('idle-redirect'),
    schema: IdleRedirectInputSchema,
    toDraft: (c: IdleConfig): IdleDraft => ({ idleRedirectTime: String(c.idleRedirectTime), idleRedirectUrl: c.idleRedirectUrl }),
    toInput: (d) => ({ idleRedirectTime: parseIdleTime(d.idleRedirectTime), idleRedirectUrl: d.idleRedirectUrl.trim() }),
    save: (input) => saveRedirectConfig('idle-redirect', input),
    refresh: [redirectHistoryQueryOptions('idle-redirect').queryKey, idleRedirectQueryOptions().queryKey],
    texts: {
      saved: 'Idle redirect settings have been saved successfully.',
      failTitle: 'Save Failed',
      fallback: 'Failed to save idle redirect configuration',
    },
  })
  if (!form) return null
  return (
    <Card className="space-y-4">
      <CardTitle>Idle Session Redirects</CardTitle>
      <p className="text-sm text-zinc-400">
        Send visitors elsewhere after a period without activity. Leave the URL empty to turn this off.
      </p>
      <Field
        label="Idle time (seconds)"
        hint={`Between ${IDLE_TIME_MIN} and ${IDLE_TIME_MAX} seconds`}
        error={form.errors.idleRedirectTime}
      >
        <Input
          type="number"
          min={IDLE_TIME_MIN}
          max={IDLE_TIME_MAX}
          step={1}
          value={form.draft.idleRedirectTime}
          onChange={(e) => form.set('idleRedirectTime', e.target.value)}
        />
      </Field>
      <Field label="Idle redirect URL" error={form.errors.idleRedirectUrl}>
        <Input
          type="url"
          placeholder="https://example.com"
          value={form.draft.idleRedirectUrl}
          onChange={(e) => form.set('idleRedirectUrl', e.target.value)}
        />
      </Field>
      <p className="rounded-lg bg-zinc-950 p-3 text-sm text-zinc-300">
        {idlePreview(form.input.idleRedirectTime, form.input.idleRedirectUrl)}
      </p>
      <ConfigFormActions form={form} saveLabel="Save Idle Redirect" />
    </Card>
  )
}

function IdleRedirectSection({ config }: { config: IdleConfig }) {
  const history = useQuery(redirectHistoryQueryOptions('idle-redirect'))
  return (
    <section aria-label="Idle Session Redirects" className="space-y-4">
      <IdleRedirectForm />
      <CurrentSettings label="Current idle redirect settings" isActive={config.isActive} createdAt={config.createdAt}>
        <p>Idle time: {config.idleRedirectTime} seconds</p>
        <p className="break-all">Redirect URL: {config.idleRedirectUrl || 'Not set'}</p>
      </CurrentSettings>
      <RedirectHistory
        title="Idle Redirect History"
        items={(history.data ?? []).map((h) => ({ ...h, text: `${h.idleRedirectTime}s → ${h.idleRedirectUrl || '(disabled)'}` }))}
      />
    </section>
  )
}

export { IdleRedirectSection }
