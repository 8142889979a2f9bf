/**
 * The app waits for the full stylesheet before it draws (fullStylesheet.ts), but a request for it that
 * hangs on a weak signal must not keep the app, and every press held for it, waiting for ever.
 */
import { afterEach, expect, jest, test } from 'bun:test'
import { applyFullStylesheet, FULL_STYLESHEET_WAIT_MS } from './fullStylesheet'

afterEach(() => {
  jest.useRealTimers()
  document.head.innerHTML = ''
})

test('a full stylesheet that never arrives is waited for FULL_STYLESHEET_WAIT_MS, then the app goes on; it still applies to the screen', async () => {
  jest.useFakeTimers()
  document.head.innerHTML = '<link rel="stylesheet" media="print" data-full-css href="/assets/hanging.css">'
  let done = false
  const applied = applyFullStylesheet().then(() => (done = true))
  jest.advanceTimersByTime(FULL_STYLESHEET_WAIT_MS - 1)
  await Promise.resolve()
  expect(done).toBe(false)
  jest.advanceTimersByTime(1)
  await applied
  expect(done).toBe(true)
  expect(document.querySelector<HTMLLinkElement>('link[data-full-css]')!.media).toBe('all')
})
