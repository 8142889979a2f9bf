/** After sending, focus stays on the form's status message instead of falling to the page. */
import { afterEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { ContactForm } from './ContactForm'

afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
})

describe('ContactForm focus after sending', () => {
  test('focus moves from Send message to the status with the server’s message (role=status, focusable by script)', async () => {
    stubFetch({ 'POST /api/email/send-email': { message: 'Thank you — your message has been received.' } })
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
    const status = await screen.findByText('Thank you — your message has been received.')
    expect(status.getAttribute('role')).toBe('status')
    expect(status.getAttribute('tabindex')).toBe('-1')
    await waitFor(() => expect(document.activeElement).toBe(status))
  })
})
