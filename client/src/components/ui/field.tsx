/**
 * Field: a label, one control, an optional hint and the field's error, wired by id. The
 * control (Input, Select, Textarea, Checkbox, Switch) reads the wiring from context: its id, aria-describedby (the
 * hint's and the error's ids) and aria-invalid (when error is set). The error is a role="alert" paragraph. id defaults
 * to a useId() value; pass one when a test or a link needs a stable id.
 */
import { createContext, useContext, useId, type ReactNode } from 'react'
import { cn } from '@client/lib/cn'

/** What a control inside a Field takes from it: its id, the describing ids (space-separated) and whether it is invalid. */
export type FieldControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

const FieldContext = createContext<FieldControlProps | null>(null)

/** The wiring of the enclosing Field (null outside one); the primitives merge it under their own props. */
export const useFieldControl = () => useContext(FieldContext)

/** Props: label text, the control (children), hint and error texts, an explicit id, className for the wrapper. */
export type FieldProps = { label: ReactNode; children: ReactNode; hint?: ReactNode; error?: string; id?: string; className?: string }

function Field({ label, children, hint, error, id, className }: FieldProps) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <FieldContext.Provider value={{ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined }}>
        {children}
      </FieldContext.Provider>
      {hint && (
        <div id={hintId} className="text-xs text-zinc-400">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

export { Field }
