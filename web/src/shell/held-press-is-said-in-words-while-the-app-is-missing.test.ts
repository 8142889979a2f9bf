/**
 * A Send or button press held before the app has started (appOnDemand.ts) is said in words when the
 * app is slow to come, and again when it cannot come, outside the app's root so hydration finds the
 * page as served; once the app has the press, the words go (heldPressNotice.ts).
 */
import { afterEach, expect, test } from 'bun:test'
import { waitFor } from '@testing-library/react'
import { startAppWhenWanted } from './appOnDemand'
import { HELD_FAILED, HELD_NOTICE_DELAY_MS, HELD_WAITING } from './heldPressNotice'

const served = () => {
  document.body.innerHTML = `<div id="root"><main><form id="contact" method="dialog"><textarea name="message">Hello</textarea>
    <button id="send">Send message</button></form><button type="button" id="share">Share</button></main></div>`
  return document.getElementById('root')!
}
const notice = () => document.querySelector<HTMLElement>('body > .held-press-notice')
const said = () => (notice() && !notice()!.hidden ? notice()!.textContent : null)

afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.style.removeProperty('--held-notice-height')
})

test('a Send held while the app is slow: nothing said at first, then that it is not sent yet; the words go once the app has it', async () => {
  const root = served()
  let finish!: () => void
  startAppWhenWanted(() => new Promise<void>((resolve) => (finish = resolve)), { root, online: true, atOnce: false })
  document.getElementById('send')!.click()
  expect(said()).toBeNull()
  await waitFor(() => expect(said()).toBe(HELD_WAITING.form), { timeout: HELD_NOTICE_DELAY_MS + 2000 })
  expect(root.contains(notice())).toBe(false)
  expect(notice()!.getAttribute('role')).toBe('status')
  finish()
  await waitFor(() => expect(said()).toBeNull())
})

test("a Send held when the app's code cannot come: says it was not sent and to press again; a button alone says press again", async () => {
  const root = served()
  const errors: unknown[] = []
  const quiet = console.error
  console.error = (...args: unknown[]) => errors.push(args[0])
  try {
    let fail!: (error: Error) => void
    let succeed!: () => void
    let tries = 0
    startAppWhenWanted(
      () => {
        tries++
        return new Promise<void>((resolve, reject) => {
          fail = reject
          succeed = resolve
        })
      },
      { root, online: true, atOnce: false },
    )
    document.getElementById('send')!.click()
    await waitFor(() => expect(tries).toBe(1))
    fail(new Error('Failed to fetch dynamically imported module'))
    await waitFor(() => expect(said()).toBe(HELD_FAILED.form))
    // The next press tries again, and a button alone is spoken of as a button.
    document.getElementById('share')!.click()
    await waitFor(() => expect(tries).toBe(2))
    fail(new Error('Failed to fetch dynamically imported module'))
    await waitFor(() => expect(said()).toBe(HELD_FAILED.button))
    expect(errors).toEqual(['The app could not start:', 'The app could not start:'])
    // The signal is back: the next press starts the app, which takes the presses (and stops holding
    // the window's clicks, which the files tested after this one in the same window need).
    document.getElementById('share')!.click()
    await waitFor(() => expect(tries).toBe(3))
    succeed()
    await waitFor(() => expect(said()).toBeNull())
  } finally {
    console.error = quiet
  }
})
