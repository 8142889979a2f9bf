/**
 * After a form is sent, focus goes to its status message, so it is not lost: a disabled (busy) submit
 * button drops focus to the page's body, and a keyboard or screen-reader user would start again from
 * the top. Left alone when the person has moved on elsewhere meanwhile. The target needs tabIndex -1.
 */
export function focusAfterSend(form: Element | null, status: HTMLElement | null, from?: Element | null): void {
  const active = document.activeElement
  if (active && active !== document.body && !form?.contains(active)) return
  // Moved on inside the form while it was sent (typing on in a long text): that is where they are.
  if (from && active && active !== document.body && active !== from && from.isConnected) return
  status?.focus()
}
