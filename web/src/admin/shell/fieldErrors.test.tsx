/** The shared mechanism: a staff form's errors are tied to its fields (aria-invalid, aria-describedby, focus). */
import { describe, expect, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { FormFooter, InputField, PasswordField, SelectField } from './formParts'
import { problemIn, StaffForm } from './fieldErrors'
import { FormProblem, useMutationForm } from './useMutationForm'
import { describedBy, expectFieldErrors, expectFocusOnMessage, invalidLabels } from '../../../test/field-errors'

const REQUIRED = 'All fields are required'

/** Two required fields and an optional one with a hint; `send` says how the server answers. */
function TwoFields({ send }: { send: () => Promise<string> }) {
  const [name, setName] = useState('')
  const [kind, setKind] = useState('')
  const [note, setNote] = useState('')
  const form = useMutationForm({
    validate: () => problemIn(REQUIRED, { name: !name.trim(), kind: !kind }),
    send,
    sent: (reply) => ({ text: reply, tone: 'success' }),
    failed: (error) => ({ text: error instanceof Error ? error.message : 'Failed.', tone: 'error' }),
  })
  return (
    <StaffForm form={form}>
      <InputField label="Name" id="name" name="name" value={name} onValue={setName} />
      <SelectField label="Kind" id="kind" name="kind" hint="Which list it joins." value={kind} onValue={setKind}>
        <option value="">Choose…</option>
        <option value="a">A</option>
      </SelectField>
      <PasswordField label="Secret" id="secret" name="note" hint="At least 12 characters." value={note} onValue={setNote} />
      <FormFooter form={form} label="Save" busyLabel="Saving…" />
    </StaffForm>
  )
}

const form = () => document.querySelector('form') as HTMLFormElement
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))

describe('staff form errors tied to fields', () => {
  test('before an error: no field is marked and each hint is linked', () => {
    render(<TwoFields send={async () => 'Saved.'} />)
    expect(invalidLabels(form())).toEqual([])
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toBeNull()
    expect(describedBy(screen.getByLabelText('Kind'))).toBe('Which list it joins.')
    expect(describedBy(screen.getByLabelText('Secret'))).toBe('At least 12 characters.')
    expect(screen.getByLabelText('Secret').getAttribute('type')).toBe('password')
  })

  test('a missing field: the exact message, only the empty fields marked, described by hint and message, focus on the first', async () => {
    render(<TwoFields send={async () => 'Saved.'} />)
    save()
    await screen.findByText(REQUIRED)
    await waitFor(() => expectFieldErrors(form(), REQUIRED, ['Name', 'Kind'], { Kind: 'Which list it joins.' }))
    expect(screen.getByText(REQUIRED).closest('[role="alert"]')).toBeTruthy()
  })

  test('the message is shown again beside the first field in error (seen, not read twice), and goes when it is fixed', async () => {
    render(<TwoFields send={async () => 'Saved.'} />)
    save()
    await screen.findByText(REQUIRED)
    const notes = () => Array.from(form().querySelectorAll<HTMLElement>('.admin-field__error'))
    await waitFor(() => expect(notes()).toHaveLength(1))
    const [note] = notes()
    expect(note?.dataset.error).toBe(REQUIRED)
    expect(note?.getAttribute('aria-hidden')).toBe('true')
    expect(note?.closest('.admin-field')?.querySelector('input')?.id).toBe('name')
    // Its text is not in the DOM a second time (screen readers get the one message through aria-describedby).
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Quiz' } })
    await waitFor(() => expect(notes()[0]?.closest('.admin-field')?.querySelector('select')?.id).toBe('kind'))
  })

  test('a fixed field loses its mark at once; a resubmit marks what is still wrong; success clears every mark', async () => {
    render(<TwoFields send={async () => 'Saved.'} />)
    save()
    await screen.findByText(REQUIRED)
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'a' } })
    expect(invalidLabels(form())).toEqual(['Name'])
    save()
    await waitFor(() => expectFieldErrors(form(), REQUIRED, ['Name']))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } })
    save()
    await screen.findByText('Saved.')
    expect(invalidLabels(form())).toEqual([])
    await waitFor(() => expectFocusOnMessage('Saved.'))
  })

  test('an error that is about no field (the server refused) focuses the message', async () => {
    render(
      <TwoFields
        send={async () => {
          throw new Error('Someone else changed this meanwhile.')
        }}
      />,
    )
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } })
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'a' } })
    save()
    await screen.findByText('Someone else changed this meanwhile.')
    expect(invalidLabels(form())).toEqual([])
    await waitFor(() => expectFocusOnMessage('Someone else changed this meanwhile.'))
  })

  test('a FormProblem found while sending marks its fields', async () => {
    render(
      <TwoFields
        send={async () => {
          throw new FormProblem('That name is taken.', ['name'])
        }}
      />,
    )
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } })
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'a' } })
    await act(async () => save())
    await screen.findByText('That name is taken.')
    await waitFor(() => expectFieldErrors(form(), 'That name is taken.', ['Name']))
  })
})
