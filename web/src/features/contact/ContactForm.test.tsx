import { afterEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { json, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { builtVenue as venue } from '../../lib/venue'
import { CONNECTION_FAILED_MESSAGE, QUEUED_MESSAGE } from './contactRules'
import { discard, replay, useOutbox, wake } from '../../offline/outbox'
import { ContactForm } from './ContactForm'

const discardAll = async () => {
  for (const entry of useOutbox.getState().entries) await discard(entry.id)
}

afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
})

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada Walker' } })
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '07700 900123' } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } })
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A table for four on Saturday?' } })
}

describe('ContactForm', () => {
  test('four labelled, required fields of the right types; 4-row message', () => {
    render(<ContactForm />)
    const name = screen.getByLabelText('Name') as HTMLInputElement
    const phone = screen.getByLabelText('Phone') as HTMLInputElement
    const email = screen.getByLabelText('Email') as HTMLInputElement
    const message = screen.getByLabelText('Message') as HTMLTextAreaElement
    for (const field of [name, phone, email, message]) expect(field.required).toBe(true)
    expect(phone.type).toBe('tel')
    expect(email.type).toBe('email')
    expect(message.tagName).toBe('TEXTAREA')
    expect(message.getAttribute('rows')).toBe('4')
  })

  test('sends SPEC’s fields, shows the server’s message and clears the form', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const calls = stubFetch({
      'POST /api/email/send-email': async () => {
        await gate
        return { message: 'Thank you — your message has been received. We will reply soon.' }
      },
    })
    render(<ContactForm />)
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sending…' })).toBeTruthy())
    // Busy, not disabled: a disabled button would drop focus to the page's body while the message is on its way.
    expect(screen.getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled')).toBe('true')
    release()
    await screen.findByText('Thank you — your message has been received. We will reply soon.')
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(calls).toHaveLength(1)
    const body = calls[0]!.body as Record<string, string>
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.url).toBe('/api/email/send-email')
    expect(body).toMatchObject({
      name: 'Ada Walker',
      phone: '07700 900123',
      email: 'ada@example.org',
      message: 'A table for four on Saturday?',
      to: venue.email,
      subject: 'Website enquiry from Ada Walker',
      replyTo: 'ada@example.org',
    })
    for (const part of ['Ada Walker', '07700 900123', 'ada@example.org', 'A table for four on Saturday?']) expect(body.text).toContain(part)
    for (const label of ['Name', 'Phone', 'Email', 'Message']) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('')
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('a honeypot field people never see: out of the tab order, hidden from screen readers, not sent when empty', async () => {
    const calls = stubFetch({ 'POST /api/email/send-email': { message: 'Thanks' } })
    const { container } = render(<ContactForm />)
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement
    expect(trap.tabIndex).toBe(-1)
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy()
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
    await screen.findByText('Thanks')
    expect(calls[0]!.body as Record<string, string>).not.toHaveProperty('website')
  })

  test('a bot that fills the honeypot sends it, so the server can throw the message away', async () => {
    const calls = stubFetch({ 'POST /api/email/send-email': { message: 'Thanks' } })
    const { container } = render(<ContactForm />)
    fill()
    fireEvent.change(container.querySelector('input[name="website"]')!, { target: { value: 'http://spam.example' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
    await screen.findByText('Thanks')
    expect((calls[0]!.body as Record<string, string>).website).toBe('http://spam.example')
  })

  /** The form filled and sent to a server that refuses it; what was logged. The page then shows the refusal and its reason. */
  async function refusedSend(status: number, error: string): Promise<{ logged: unknown[]; calls: unknown[] }> {
    const calls = stubFetch({ 'POST /api/email/send-email': json({ error }, status) })
    const logged: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => logged.push(args)
    try {
      render(<ContactForm />)
      fill()
      fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
      await screen.findByText(`Failed to send email. ${error}`)
    } finally {
      console.error = original
    }
    return { logged, calls }
  }

  test('a refusal shows "Failed to send email." with the server’s reason, and logs; the fields are kept', async () => {
    const { logged } = await refusedSend(400, 'The subject must be a single line of text.')
    expect(logged.length).toBeGreaterThan(0)
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Walker')
  })

  test('too many messages just now (429): the form says when to try again, and keeps the message', async () => {
    await refusedSend(429, 'We are receiving a great many messages just now. Please try again in about 40 minutes, or call us.')
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('A table for four on Saturday?')
  })

  test('a server error (500) is a failure, not "offline": "Failed to send email.", the fields kept, nothing queued', async () => {
    const { calls } = await refusedSend(500, 'The mail server is down.')
    expect(screen.queryByText(/offline/i)).toBeNull()
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('A table for four on Saturday?')
    expect(useOutbox.getState().entries).toHaveLength(0)
    await replay()
    expect(calls).toHaveLength(1)
  })

  test('offline (as the browser says): kept on the device without trying, and the visitor is told so', async () => {
    const calls = stubFetch({ 'POST /api/email/send-email': { message: 'Thanks' } })
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      render(<ContactForm />)
      fill()
      fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
      await screen.findByText(QUEUED_MESSAGE)
      expect(calls).toHaveLength(0)
      expect(useOutbox.getState().entries.map((e) => e.channel)).toEqual(['public'])
    } finally {
      delete (navigator as { onLine?: boolean }).onLine
      if (onLine && navigator.onLine !== true) Object.defineProperty(navigator, 'onLine', onLine)
      await discardAll()
    }
  })

  test('a failed connection keeps the message on the device (saying the connection failed, not "offline"); once it is sent, the status says so', async () => {
    const sent: unknown[] = []
    let online = false
    stubFetch({
      'POST /api/email/send-email': (init) => {
        if (!online) throw new TypeError('Failed to fetch')
        sent.push(init)
        return { message: 'Thank you — your message has been received. We will reply soon.' }
      },
    })
    render(<ContactForm />)
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
    await screen.findByText(CONNECTION_FAILED_MESSAGE)
    expect(screen.queryByText(/offline/i)).toBeNull()
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('')
    const [queued] = useOutbox.getState().entries
    expect(queued!.channel).toBe('public')
    expect(queued!.path).toBe('/api/email/send-email')
    online = true
    // The connection comes back (sync.ts wakes the queue on 'online'; otherwise the backoff runs out).
    await wake()
    await replay()
    await replay()
    expect(sent).toHaveLength(1)
    expect(useOutbox.getState().entries).toHaveLength(0)
    await screen.findByText('Thank you — your message has been received. We will reply soon.')
    expect(screen.queryByText(CONNECTION_FAILED_MESSAGE)).toBeNull()
  })
})

test('a name of only spaces is refused on the device: nothing is sent or kept, the Name field is marked and named, the message stays', async () => {
  const calls = stubFetch({ 'POST /api/email/send-email': { message: 'Thanks' } })
  render(<ContactForm />)
  fill()
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } })
  fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
  expect(await screen.findByText('Please fill in your name.')).toBeTruthy()
  const name = screen.getByLabelText('Name')
  expect(name.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please fill in your name.')
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull()
  expect(document.activeElement === name).toBe(true)
  expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('A table for four on Saturday?')
  expect(calls).toHaveLength(0)
  expect(useOutbox.getState().entries).toHaveLength(0)
})

test('an address the server would refuse (no dot after the @, which the browser lets through) is refused on the device, the Email field marked', async () => {
  const calls = stubFetch({ 'POST /api/email/send-email': { message: 'Thanks' } })
  render(<ContactForm />)
  fill()
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@fellside' } })
  fireEvent.submit(screen.getByRole('button', { name: 'Send message' }).closest('form')!)
  expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy()
  const email = screen.getByLabelText('Email')
  expect(email.getAttribute('aria-invalid')).toBe('true')
  expect(document.activeElement === email).toBe(true)
  expect(calls).toHaveLength(0)
  expect(useOutbox.getState().entries).toHaveLength(0)
  // Typed in again, it is no longer marked.
  fireEvent.change(email, { target: { value: 'ada@fellside.example' } })
  expect(email.getAttribute('aria-invalid')).toBeNull()
})
