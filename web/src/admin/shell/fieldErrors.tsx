/**
 * How a staff form ties an error to its fields (WCAG 3.3.1, 3.3.2, 1.3.1): the fields in error say
 * aria-invalid="true", each field's aria-describedby names its hint and, while it is in error, the
 * form's message; focus goes to the first field in error, or to the message when no field is at
 * fault (a server's refusal). useMutationForm keeps the state; StaffForm hands it to the fields in it.
 */
import { focusAfterSend } from '../../lib/focusAfterSend'
import { createContext, useContext, type FormEvent, type FormHTMLAttributes, type ReactNode, type RefObject } from 'react'

/** What is wrong before sending: the message staff see (SPEC's words) and the `name`s of the fields at fault. */
export interface Problem {
  text: string
  fields: readonly string[]
}

/**
 * The problem `text` in every field whose check is true (a field name → whether it is at fault);
 * null when none is: `problemIn(REQUIRED, { title: !title.trim(), image: !file })`.
 */
export function problemIn(text: string, checks: Record<string, boolean>): Problem | null {
  const fields = Object.keys(checks).filter((name) => checks[name])
  return fields.length > 0 ? { text, fields } : null
}

/** A problem of one field, or null when `broken` is null. */
export function fieldProblem(field: string, broken: string | null): Problem | null {
  return broken ? { text: broken, fields: [field] } : null
}

interface FieldErrorState {
  invalid: readonly string[]
  /** The id of the form's status message (the error's text). */
  statusId: string
  /** The error's text while fields are marked (shown again beside the first of them), else null. */
  text: string | null
}

const FieldErrors = createContext<FieldErrorState | null>(null)

/** aria-describedby from the ids given (none: undefined, so no empty attribute). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean)
  return list.length > 0 ? list.join(' ') : undefined
}

/** The id of a field's hint, from the field's id. */
export const hintIdOf = (id: string) => `${id}-hint`

/**
 * The error attributes of the control named `name` with id `id` inside a StaffForm (none outside
 * one): aria-invalid while it is in error, aria-describedby its hint (if `hasHint`) and the error.
 */
export function useFieldErrorProps(name: string | undefined, id: string, hasHint: boolean) {
  const state = useContext(FieldErrors)
  const invalid = !!name && !!state?.invalid.includes(name)
  return {
    'aria-invalid': invalid ? (true as const) : undefined,
    'aria-describedby': describedBy(hasHint && hintIdOf(id), invalid && state?.statusId),
  }
}

/**
 * The error's text again, beside the first field in error: a long form's message (below its submit
 * button) is off screen when focus goes to a field at the top. Drawn from an attribute, so it is seen
 * but not read twice: screen readers already have the message through the field's aria-describedby.
 */
export function FirstErrorNote({ name }: { name: string | undefined }) {
  const state = useContext(FieldErrors)
  if (!name || !state?.text || state.invalid[0] !== name) return null
  return <span className="admin-field__error" data-error={state.text} aria-hidden="true" />
}

/** What StaffForm needs of useMutationForm's result. */
export interface FormErrorsHandle {
  invalid: readonly string[]
  status: { text: string } | null
  statusId: string
  formRef: RefObject<HTMLFormElement | null>
  onSubmit(event?: FormEvent): void
  /** A field's value changed: it is no longer marked (it is checked again on the next submit). */
  onFieldChange(name: string): void
}

/** A staff form: no browser validation bubbles (the form says what is wrong itself), its fields know their errors. */
export function StaffForm({
  form,
  className = 'admin-form',
  children,
  ...rest
}: { form: FormErrorsHandle; children: ReactNode; className?: string } & Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onChangeCapture' | 'className'
>) {
  return (
    <FieldErrors.Provider value={{ invalid: form.invalid, statusId: form.statusId, text: form.invalid.length > 0 ? (form.status?.text ?? null) : null }}>
      <form
        ref={form.formRef}
        className={className}
        noValidate
        onSubmit={(event) => void form.onSubmit(event)}
        // Capture: before the field's own handler, which may find a new problem with it (a file refused as it is picked).
        onChangeCapture={(event) => {
          const { name } = event.target as EventTarget & { name?: unknown }
          if (typeof name === 'string' && name) form.onFieldChange(name)
        }}
        {...rest}
      >
        {children}
      </form>
    </FieldErrors.Provider>
  )
}

/**
 * Puts focus where the error is: the first control in `form` marked aria-invalid, else the status
 * message `statusId` (tabIndex -1). The message is scrolled into view first, so in a scrolling box
 * (the event dialog) it shows beside the field, not below the fold.
 */
export function focusError(form: HTMLFormElement | null, statusId: string, onField: boolean): void {
  const status = document.getElementById(statusId)
  const field = onField ? form?.querySelector<HTMLElement>('[aria-invalid="true"]') : null
  status?.scrollIntoView?.({ block: 'nearest' })
  ;(field ?? status)?.focus()
  // The whole field (label, control and the note beside it, FirstErrorNote), not only the control.
  field?.closest('.admin-field, .admin-check')?.scrollIntoView?.({ block: 'nearest' })
}

/** After a send: focus on the message, unless staff have moved on (see focusAfterSend). */
export function focusStatusIfLost(form: HTMLFormElement | null, statusId: string, from?: Element | null): void {
  focusAfterSend(form, document.getElementById(statusId), from)
}
