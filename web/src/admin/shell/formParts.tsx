/**
 * Form pieces several staff screens repeat: labelled fields, opening/closing times, a file field, a
 * new-password field, the submit row. Inside a StaffForm each field marks itself when in error and
 * links its hint and the error with aria-describedby (fieldErrors.tsx).
 */
import {
  useCallback,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { FirstErrorNote, useFieldErrorProps } from './fieldErrors'
import { Field, StatusMessage, UploadProgress, type Status } from './ui'
import { BusyButton } from '../../ui/BusyButton'

interface LabelledValue {
  label: ReactNode
  id: string
  hint?: ReactNode
  value: string
  onValue(value: string): void
}

/** A labelled staff input (the rest of its attributes as given: name, type, required, maxLength…). */
export function InputField({
  label,
  id,
  hint,
  value,
  onValue,
  ...input
}: LabelledValue & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>) {
  const errorProps = useFieldErrorProps(input.name, id, !!hint)
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <input id={id} className="admin-input" value={value} onChange={(e) => onValue(e.currentTarget.value)} {...input} {...errorProps} />
      <FirstErrorNote name={input.name} />
    </Field>
  )
}

/** A labelled staff textarea, like InputField. */
export function TextAreaField({
  label,
  id,
  hint,
  value,
  onValue,
  ...textarea
}: LabelledValue & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'>) {
  const errorProps = useFieldErrorProps(textarea.name, id, !!hint)
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <textarea id={id} className="admin-input" value={value} onChange={(e) => onValue(e.currentTarget.value)} {...textarea} {...errorProps} />
      <FirstErrorNote name={textarea.name} />
    </Field>
  )
}

/** A labelled staff select; its options are the children. */
export function SelectField({
  label,
  id,
  hint,
  value,
  onValue,
  children,
  ...select
}: LabelledValue & { children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>) {
  const errorProps = useFieldErrorProps(select.name, id, !!hint)
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <select id={id} className="admin-input" value={value} onChange={(e) => onValue(e.currentTarget.value)} {...select} {...errorProps}>
        {children}
      </select>
      <FirstErrorNote name={select.name} />
    </Field>
  )
}

/** A staff checkbox with its label after it. */
export function CheckField({
  label,
  id,
  name,
  checked,
  onChecked,
}: {
  label: ReactNode
  id: string
  name: string
  checked: boolean
  onChecked(checked: boolean): void
}) {
  const errorProps = useFieldErrorProps(name, id, false)
  return (
    <div className="admin-check">
      <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} {...errorProps} />
      <label htmlFor={id}>{label}</label>
      <FirstErrorNote name={name} />
    </div>
  )
}

/** "Opens" and "Closes" time fields and a Closed checkbox that disables them (ids: `${id}-open|close|closed`). */
export function TimeRangeFields({
  id,
  open,
  close,
  closed,
  closedLabel,
  onOpen,
  onClose,
  onClosed,
}: {
  id: string
  open: string
  close: string
  closed: boolean
  closedLabel: ReactNode
  onOpen(value: string): void
  onClose(value: string): void
  onClosed(value: boolean): void
}) {
  return (
    <div className="admin-form__row admin-form__row--3 admin-form__row--end">
      <InputField label="Opens" id={`${id}-open`} name="open_time" type="time" required={!closed} disabled={closed} value={open} onValue={onOpen} />
      <InputField label="Closes" id={`${id}-close`} name="close_time" type="time" required={!closed} disabled={closed} value={close} onValue={onClose} />
      <CheckField label={closedLabel} id={`${id}-closed`} name="closed" checked={closed} onChecked={onClosed} />
    </div>
  )
}

/** The files chosen in a FileField (`first`: the one file of a single-file field), and `clear` to empty both them and the input. */
export function useChosenFiles() {
  const [files, setFiles] = useState<File[]>([])
  const inputRef = useRef<HTMLInputElement>(null)
  const clear = useCallback(() => {
    setFiles([])
    if (inputRef.current) inputRef.current.value = ''
  }, [])
  return { files, first: files[0] ?? null, inputRef, choose: setFiles, clear }
}

/** A labelled file input; `onFiles` gets the chosen files (none: an empty list). */
export function FileField({
  label,
  id,
  name,
  accept,
  hint,
  required = false,
  multiple = false,
  inputRef,
  onFiles,
}: {
  label: ReactNode
  id: string
  name: string
  accept: string
  hint?: ReactNode
  required?: boolean
  multiple?: boolean
  inputRef?: Ref<HTMLInputElement>
  onFiles(files: File[]): void
}) {
  const errorProps = useFieldErrorProps(name, id, !!hint)
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <input
        {...errorProps}
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        required={required}
        className="admin-input admin-input--file"
        onChange={(e) => onFiles(Array.from(e.currentTarget.files ?? []))}
      />
      <FirstErrorNote name={name} />
    </Field>
  )
}

/** A new password (shown as typed when `visible`: an owner setting one to hand over) with the rules as its hint. */
export function PasswordField({ visible = false, ...field }: LabelledValue & { name: string; hint: string; visible?: boolean }) {
  return <InputField {...field} type={visible ? 'text' : 'password'} autoComplete="new-password" autoCapitalize="none" spellCheck={false} />
}

/** The end of a staff form: upload progress (while sending with progress), the submit button, the status line. */
export function FormFooter({
  form,
  label,
  busyLabel,
  progressLabel,
  small = false,
}: {
  form: { busy: boolean; progress: number | null; status: Status | null; statusId: string }
  label: string
  busyLabel: string
  progressLabel?: string
  /** A small button (a form inside a list row). */
  small?: boolean
}) {
  return (
    <>
      <UploadProgress progress={form.progress} label={progressLabel} />
      <div className="admin-form__actions">
        <BusyButton type="submit" className={small ? 'button button--small' : 'button'} busy={form.busy}>
          {form.busy ? busyLabel : label}
        </BusyButton>
      </div>
      <StatusMessage status={form.status} id={form.statusId} />
    </>
  )
}
