/**
 * The app starts on the visitor's first action (shell/appOnDemand.ts), so on a slow phone the first
 * words of a message can be typed into the pre-rendered form before React has it. They stay in the
 * fields when it takes over, and a send held meanwhile sends them, not an empty form.
 */
import { afterEach, expect, test } from 'bun:test'
import { act, screen, waitFor } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { ContactForm } from './ContactForm'

let root: Root | null = null
afterEach(async () => {
  await act(async () => root?.unmount())
  root = null
  document.body.innerHTML = ''
  restoreFetch()
})

const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement
  field.value = value
}

test('words typed into the served form before hydration are kept and sent', async () => {
  const calls = stubFetch({ 'POST /api/email/send-email': async () => ({ message: 'Thank you — we will reply soon.' }) })
  const container = document.createElement('div')
  container.innerHTML = renderToString(<ContactForm />)
  document.body.append(container)
  // On the served page, before any script: the visitor types.
  type('Name', 'Ada Walker')
  type('Phone', '07700 900123')
  type('Email', 'ada@example.org')
  type('Message', 'A table for four on Saturday?')
  await act(async () => {
    root = hydrateRoot(container, <ContactForm />)
  })
  expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('A table for four on Saturday?')
  // The send held while the app started, given to it now (appOnDemand.ts replays it with requestSubmit).
  await act(async () => (container.querySelector('form') as HTMLFormElement).requestSubmit())
  await screen.findByText('Thank you — we will reply soon.')
  await waitFor(() => expect(calls).toHaveLength(1))
  expect(calls[0]!.body).toMatchObject({ name: 'Ada Walker', phone: '07700 900123', email: 'ada@example.org', message: 'A table for four on Saturday?' })
})
