import { describe, expect, it } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'
import { Field } from './field'
import { Input } from './input'
import { Textarea } from './textarea'

/** The attributes of the first element with tag in html, as a name -> value map. */
function attrs(html: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)![1]
  return Object.fromEntries([...open.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
}

describe('Field', () => {
  it('labels its control and describes it with the hint, without aria-invalid while there is no error', () => {
    const html = renderToStaticMarkup(
      <Field label="Zone name" hint="Shown in the admin only" id="zone">
        <Input value="" readOnly />
      </Field>,
    )
    expect(attrs(html, 'label').for).toBe('zone')
    expect(attrs(html, 'input')).toMatchObject({ id: 'zone', 'aria-describedby': 'zone-hint' })
    expect(attrs(html, 'input')['aria-invalid']).toBeUndefined()
    expect(html).toContain('id="zone-hint"')
    expect(html).not.toContain('role="alert"')
  })

  it('adds the error to the description, marks the control invalid and shows the error as an alert', () => {
    const html = renderToStaticMarkup(
      <Field label="Notes" hint="Plain text" error="Notes cannot be empty" id="notes">
        <Textarea value="" readOnly />
      </Field>,
    )
    expect(attrs(html, 'textarea')).toMatchObject({ id: 'notes', 'aria-describedby': 'notes-hint notes-error', 'aria-invalid': 'true' })
    expect(html).toContain('<p id="notes-error" role="alert" class="text-sm text-red-400">Notes cannot be empty</p>')
  })

  it('generates an id when none is given, the same one on the label and the control', () => {
    const html = renderToStaticMarkup(
      <Field label="Search">
        <Input type="search" value="" readOnly />
      </Field>,
    )
    const id = attrs(html, 'input').id
    expect(id).toBeTruthy()
    expect(attrs(html, 'label').for).toBe(id)
    expect(attrs(html, 'input')['aria-describedby']).toBeUndefined()
  })

  it('lets the control override the wiring (a control with its own invalid state)', () => {
    const html = renderToStaticMarkup(
      <Field label="Email" id="email">
        <Input value="x" readOnly aria-invalid />
      </Field>,
    )
    expect(attrs(html, 'input')['aria-invalid']).toBe('true')
  })
})
