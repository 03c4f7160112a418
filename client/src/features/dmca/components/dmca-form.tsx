/**
 * DmcaForm (public-visitor §2 DMCA screen, §4 DMCA form, §5 rules): complainant, work and legal sections checked
 * against the server's own schema before sending; 'Submitting...' while pending; the success view afterwards.
 */
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { DmcaInputSchema, type DmcaCreated } from '@contract/dmca'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { Checkbox } from '@client/components/ui/checkbox'
import { Field } from '@client/components/ui/field'
import { Input, type InputProps } from '@client/components/ui/input'
import { Textarea } from '@client/components/ui/textarea'
import { ApiError } from '@client/lib/api-client'
import { toast } from '@client/lib/toast'
import { useSubmitTakedown } from '../api/submit-takedown'

const EMPTY = {
  complainantName: '',
  complainantEmail: '',
  complainantPhone: '',
  copyrightOwner: '',
  complainantAddress: '',
  workDescription: '',
  infringementDescription: '',
  infringingUrls: '',
  electronicSignature: '',
}
type Fields = typeof EMPTY

/** The payload of public-visitor §3 from the form: URLs as a JSON-encoded list of the non-blank lines. */
export function toPayload(fields: Fields, goodFaithStatement: boolean, accuracyStatement: boolean) {
  const lines = fields.infringingUrls
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  return {
    ...fields,
    complainantEmail: fields.complainantEmail.trim(),
    infringingUrls: lines.length ? JSON.stringify(lines) : '',
    goodFaithStatement,
    accuracyStatement,
  }
}

function SubmittedView({ result }: { result: DmcaCreated }) {
  return (
    <Card className="mx-auto max-w-xl space-y-4 text-center">
      <h1 className="text-2xl font-bold">DMCA Takedown Submitted</h1>
      <p className="text-zinc-300">
        Your request has been assigned the reference number <strong>{result.referenceNumber}</strong>. It will be reviewed within 24-48
        hours, and an email confirmation will follow once the review is complete.
      </p>
      <Link to="/" className="inline-flex h-10 items-center rounded-lg bg-rose-600 px-4 font-medium text-white hover:bg-rose-500">
        Return to Home
      </Link>
    </Card>
  )
}

function DmcaForm() {
  const [fields, setFields] = useState(EMPTY)
  const [goodFaith, setGoodFaith] = useState(false)
  const [accuracy, setAccuracy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = useSubmitTakedown()
  if (submit.data) return <SubmittedView result={submit.data} />

  const control = (name: keyof Fields) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value }),
  })
  /** One labelled input, or a textarea of `rows` lines when rows is set, for a field, with its hint and error. */
  const field = (
    name: keyof Fields,
    label: string,
    { hint, rows, ...rest }: Pick<InputProps, 'type' | 'autoComplete'> & { hint?: string; rows?: number } = {},
  ) => (
    <Field label={label} hint={hint} error={errors[name]} id={name}>
      {rows ? <Textarea rows={rows} autoComplete={rest.autoComplete} {...control(name)} /> : <Input {...rest} {...control(name)} />}
    </Field>
  )
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const payload = toPayload(fields, goodFaith, accuracy)
    const checked = v.safeParse(DmcaInputSchema, payload)
    if (!checked.success) {
      const found: Record<string, string> = {}
      for (const issue of checked.issues) found[String(issue.path?.[0]?.key)] ??= issue.message
      return setErrors(found)
    }
    setErrors({})
    submit.mutate(payload, {
      onSuccess: () =>
        toast({
          title: 'DMCA takedown submitted',
          description: 'Your takedown request has been submitted and will be reviewed by our team.',
        }),
      onError: (err) =>
        toast({
          title: 'Submission failed',
          description: (err instanceof ApiError && err.serverMessage) || 'Failed to submit DMCA takedown',
          variant: 'destructive',
        }),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">DMCA Takedown Request</h1>
        <p className="text-zinc-300">
          If you believe media on this site infringes your copyright, tell us what it is and where it appears, and we will review it.
        </p>
        <p role="note" className="rounded-lg border border-amber-600/50 bg-amber-500/10 p-3 text-sm text-amber-200">
          Warning: false claims may have legal consequences. Only the copyright owner or someone authorised to act for them should file this
          request.
        </p>
      </header>
      <Card className="space-y-4">
        <CardTitle>Complainant Information</CardTitle>
        {field('complainantName', 'Full name', { autoComplete: 'name' })}
        {field('complainantEmail', 'Email', { type: 'email', autoComplete: 'email' })}
        {field('complainantPhone', 'Phone (optional)', { type: 'tel', autoComplete: 'tel' })}
        {field('copyrightOwner', 'Copyright owner', { hint: 'If different from complainant' })}
        {field('complainantAddress', 'Address (optional)', { rows: 3, autoComplete: 'street-address' })}
      </Card>
      <Card className="space-y-4">
        <CardTitle>Copyright Work Information</CardTitle>
        {field('workDescription', 'Description of the copyrighted work', { rows: 5 })}
        {field('infringementDescription', 'Description of the infringement', { rows: 5 })}
        {field('infringingUrls', 'Infringing URLs (one per line)', { rows: 5 })}
      </Card>
      <Card className="space-y-4">
        <CardTitle>Legal Statements</CardTitle>
        {(
          [
            [
              'goodFaithStatement',
              goodFaith,
              setGoodFaith,
              'I have a good faith belief that the use of the material is not authorised by the copyright owner, its agent, or the law.',
            ],
            [
              'accuracyStatement',
              accuracy,
              setAccuracy,
              'The information in this notice is accurate, and under penalty of perjury, I am the copyright owner or authorised to act on their behalf.',
            ],
          ] as const
        ).map(([name, checked, set, text]) => (
          <div key={name}>
            <label className="flex items-start gap-3 text-sm text-zinc-200">
              <Checkbox name={name} checked={checked} onCheckedChange={set} className="mt-0.5" />
              {text}
            </label>
            {errors[name] && (
              <p role="alert" className="mt-1 text-sm text-red-400">
                {errors[name]}
              </p>
            )}
          </div>
        ))}
        {field('electronicSignature', 'Electronic signature (type your full name)')}
      </Card>
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit Takedown Request'}
      </Button>
    </form>
  )
}

export { DmcaForm }
