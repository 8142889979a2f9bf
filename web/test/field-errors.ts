/**
 * Checks of how a form tells which fields are in error (component tests only): which controls say
 * aria-invalid, what their aria-describedby resolves to, and where focus is.
 */
import { expect } from 'bun:test'
import { fireEvent, waitFor, within } from '@testing-library/react'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The controls of `root` (hidden ones aside), each with its label's text. */
function controls(root: ParentNode): { control: Control; label: string }[] {
  return Array.from(root.querySelectorAll<Control>('input, select, textarea'))
    .filter((control) => !(control instanceof HTMLInputElement && control.type === 'hidden') && !control.hidden)
    .map((control) => ({ control, label: control.labels?.[0]?.textContent?.trim() ?? control.name }))
}

/** The labels of the controls marked aria-invalid="true", in page order. */
export function invalidLabels(root: ParentNode = document): string[] {
  return controls(root)
    .filter(({ control }) => control.getAttribute('aria-invalid') === 'true')
    .map(({ label }) => label)
}

/** The text aria-describedby points to (every id must exist). */
export function describedBy(control: Element): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids
    .map((id) => {
      const target = document.getElementById(id)
      expect(target, `aria-describedby points to a missing #${id}`).toBeTruthy()
      return target?.textContent?.trim() ?? ''
    })
    .join(' | ')
}

/** The label text of the focused control ('' when focus is not on a labelled control). */
export function focusedLabel(): string {
  const active = document.activeElement as Control | null
  return active?.labels?.[0]?.textContent?.trim() ?? ''
}

/**
 * The form under `root` shows `message`, marks exactly the fields labelled `invalid` (first one
 * focused), and each marked field is described by its hint (when it has one) and the message.
 */
export function expectFieldErrors(root: ParentNode, message: string, invalid: string[], hints: Record<string, string> = {}): void {
  expect(invalidLabels(root)).toEqual(invalid)
  for (const { control, label } of controls(root)) {
    const described = describedBy(control)
    if (hints[label]) expect(described).toContain(hints[label])
    if (invalid.includes(label)) expect(described).toContain(message)
    else expect(described).not.toContain(message)
  }
  if (invalid.length > 0) expect(focusedLabel()).toBe(invalid[0]!)
}

/** Focus is on the element showing `text` (a status message), not on the page's body. */
export function expectFocusOnMessage(text: string): void {
  const active = document.activeElement
  expect(active === document.body || active === null).toBe(false)
  expect(active?.textContent ?? '').toContain(text)
}

/** Presses the `button` of the form `root`, waits for `message`, then checks the fields as expectFieldErrors does. */
export async function sendExpectingErrors(
  root: HTMLElement,
  button: string,
  message: string,
  invalid: string[],
  hints: Record<string, string> = {},
): Promise<void> {
  fireEvent.click(within(root).getByRole('button', { name: button }))
  await within(root).findByText(message)
  await waitFor(() => expectFieldErrors(root, message, invalid, hints))
}
