import { describe, expect, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import type { OutboxEntry } from '../../offline/outbox'
import { failureStatus, QueuedError } from '../adminApi'
import { UNANSWERED_DETAIL } from '../api/messages'
import { StatusMessage } from './ui'
import { FormProblem, useMutationForm } from './useMutationForm'
import { problemIn } from './fieldErrors'
import { quiet } from '../../../test/quiet'

/** A one-field staff form over `send`: what each submission sent is recorded. */
function NameForm({ send, sent }: { send: (name: string) => Promise<string>; sent: string[] }) {
  const [name, setName] = useState('')
  const form = useMutationForm({
    validate: () => problemIn('Please enter a name.', { name: !name.trim() }),
    send: async () => {
      sent.push(name)
      return send(name)
    },
    sent: (reply) => ({ text: reply, tone: 'success' }),
    failed: (error) => failureStatus(error, 'Could not save the name.', 'Name form'),
    settled: () => setName(''),
  })
  return (
    <form onSubmit={form.onSubmit}>
      <label htmlFor="name">Name</label>
      <input id="name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save'}
      </button>
      <StatusMessage status={form.status} />
    </form>
  )
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement
const submit = () => fireEvent.submit(nameInput().form!)

describe('useMutationForm', () => {
  test('a second submit while the first is under way sends nothing', async () => {
    const sent: string[] = []
    let finish: (reply: string) => void = () => {}
    render(<NameForm sent={sent} send={() => new Promise((resolve) => (finish = resolve))} />)
    fireEvent.change(nameInput(), { target: { value: 'Ada' } })
    submit()
    submit()
    await screen.findByRole('button', { name: 'Saving…' })
    submit()
    expect(sent).toEqual(['Ada'])
    await act(async () => finish('Saved.'))
    expect(await screen.findByText('Saved.')).toBeTruthy()
    expect(sent).toEqual(['Ada'])
  })

  test('invalid input says why and sends nothing', async () => {
    const sent: string[] = []
    render(<NameForm sent={sent} send={async () => 'Saved.'} />)
    submit()
    expect(await screen.findByText('Please enter a name.')).toBeTruthy()
    expect(sent).toEqual([])
  })

  test('a failure keeps the values (to fix and retry) and shows the form’s error; success clears them', async () => {
    const sent: string[] = []
    let fail = true
    render(
      <NameForm
        sent={sent}
        send={async () => {
          if (fail) throw new Error('boom')
          return 'Saved.'
        }}
      />,
    )
    fireEvent.change(nameInput(), { target: { value: 'Ada' } })
    await quiet(async () => {
      submit()
      expect(await screen.findByText('Could not save the name.')).toBeTruthy()
    })
    expect(nameInput().value).toBe('Ada')
    fail = false
    submit()
    expect(await screen.findByText('Saved.')).toBeTruthy()
    await waitFor(() => expect(nameInput().value).toBe(''))
    expect(sent).toEqual(['Ada', 'Ada'])
  })

  test('a change kept on this device (queued) clears the form like a success', async () => {
    render(<NameForm sent={[]} send={async () => Promise.reject(new QueuedError({ status: 0 } as OutboxEntry))} />)
    fireEvent.change(nameInput(), { target: { value: 'Ada' } })
    submit()
    expect(await screen.findByText('Saved on this device — will sync when you’re back online')).toBeTruthy()
    await waitFor(() => expect(nameInput().value).toBe(''))
  })

  test('a change kept because the server did not answer while the device is online says so, not only "when you’re back online"', async () => {
    const offline = () => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    const online = () => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
    const queued = () => failureStatus(new QueuedError({ status: 0 } as OutboxEntry), 'Could not save.', 'A form')
    try {
      online()
      expect(queued().detail).toBe(UNANSWERED_DETAIL)
      offline()
      expect(queued().detail).toBeUndefined()
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
    }
  })

  test('a FormProblem thrown while preparing shows its text and keeps the values', async () => {
    render(
      <NameForm
        sent={[]}
        send={async () => {
          throw new FormProblem('Failed to read image file.')
        }}
      />,
    )
    fireEvent.change(nameInput(), { target: { value: 'Ada' } })
    submit()
    expect(await screen.findByText('Failed to read image file.')).toBeTruthy()
    expect(nameInput().value).toBe('Ada')
  })
})

describe('the status line', () => {
  test('is one live region, never one inside another: polite for news, an alert of its own for an error', () => {
    const { rerender } = render(<StatusMessage status={{ text: 'Saved.', tone: 'success' }} />)
    const nested = () =>
      [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')].filter((region) =>
        region.parentElement?.closest('[role="status"], [role="alert"], [aria-live]'),
      )
    expect(screen.getByRole('status').textContent).toBe('Saved.')
    expect(nested()).toEqual([])
    rerender(<StatusMessage status={{ text: 'Could not save.', tone: 'error' }} />)
    expect(screen.getByRole('alert').textContent).toBe('Could not save.')
    expect(screen.queryByRole('status')).toBeNull()
    expect(nested()).toEqual([])
  })
})
