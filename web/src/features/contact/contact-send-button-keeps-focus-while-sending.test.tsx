/**
 * While a message is being sent (up to 15 s on a weak signal before it is kept on the device), the Send
 * button must stay focusable: a disabled button drops focus to <body>, so a keyboard or screen-reader
 * user was thrown to the top of the page for as long as the send hung. It says it is busy instead
 * (aria-disabled) and a second press sends nothing more.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { ContactForm } from './ContactForm'

let answer: (reply: Response) => void = () => {}

afterEach(async () => {
  answer(new Response(JSON.stringify({ message: 'Thank you.' }), { status: 200, headers: { 'content-type': 'application/json' } }))
  await Bun.sleep(30)
  restoreFetch()
})

describe('the contact form while its message is on its way', () => {
  test('the Send button stays enabled and focused, marked busy, and a second press sends nothing more', async () => {
    const calls = stubFetch({ 'POST /api/email/send-email': () => new Promise<Response>((resolve) => (answer = resolve)) })
    render(<ContactForm />)
    for (const [label, value] of [
      ['Name', 'Ada Walker'],
      ['Phone', '07700 900123'],
      ['Email', 'ada@example.org'],
      ['Message', 'A table for four?'],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } })
    const send = screen.getByRole('button', { name: 'Send message' })
    send.focus()
    fireEvent.submit(send.closest('form')!)
    const busy = await screen.findByRole('button', { name: 'Sending…' })
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/email/send-email')).toHaveLength(1))
    expect(busy.hasAttribute('disabled')).toBe(false)
    expect(busy.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(busy)
    fireEvent.click(busy)
    fireEvent.submit(busy.closest('form')!)
    await Bun.sleep(50)
    expect(calls.filter((call) => call.url === '/api/email/send-email')).toHaveLength(1)
  })
})
