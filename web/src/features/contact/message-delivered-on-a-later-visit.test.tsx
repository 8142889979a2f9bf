/**
 * A message kept on the device and delivered after its page was gone (a later visit) is told to the
 * visitor once, the next time the form is shown: "Your message of … was delivered." Delivered while
 * its form is still open, the form's own status says so and nothing is kept to say again.
 */
import { afterEach, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { replay, useOutbox, wake } from '../../offline/outbox'
import { resetListeners } from '../../offline/outbox/listeners'
import { DELIVERED_MESSAGES_KEY } from '../../storage-keys'
import { CONNECTION_FAILED_MESSAGE } from './contactRules'
import { ContactForm } from './ContactForm'

afterEach(() => {
  restoreFetch()
  localStorage.clear()
})

function sendWithoutSignal() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada Walker' } })
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '07700 900123' } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } })
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A table for four on Saturday?' } })
  fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
}

/** The contact address fails as without a signal until `back()`, then answers. */
function serverWithoutSignal() {
  let online = false
  stubFetch({
    'POST /api/email/send-email': () => {
      if (!online) throw new TypeError('Failed to fetch')
      return { message: 'Thank you — your message has been received.' }
    },
  })
  return { back: () => (online = true) }
}

async function connectionBackAndSent() {
  await wake()
  await replay()
  await replay()
  expect(useOutbox.getState().entries).toHaveLength(0)
}

test('delivered on a later visit: the form says so once, the next time it is shown', async () => {
  const signal = serverWithoutSignal()
  render(<ContactForm />)
  sendWithoutSignal()
  await screen.findByText(CONNECTION_FAILED_MESSAGE)
  // The visitor leaves; on their next visit nothing of this page is left to follow the message.
  cleanup()
  resetListeners()
  signal.back()
  await connectionBackAndSent()

  render(<ContactForm />)
  expect(await screen.findByText(/^Your message of \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} (am|pm) was delivered\.$/)).toBeTruthy()
  // Told once: the note is gone from the device once the form has said it.
  expect(localStorage.getItem(DELIVERED_MESSAGES_KEY)).toBeNull()
})

test('delivered while its form is open: the form says so there, and nothing is kept for later', async () => {
  const signal = serverWithoutSignal()
  render(<ContactForm />)
  sendWithoutSignal()
  await screen.findByText(CONNECTION_FAILED_MESSAGE)
  signal.back()
  await connectionBackAndSent()
  await screen.findByText('Thank you — your message has been received.')
  expect(localStorage.getItem(DELIVERED_MESSAGES_KEY)).toBeNull()
})
