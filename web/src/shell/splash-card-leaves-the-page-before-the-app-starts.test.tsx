/**
 * The served page's splash card goes from the page when its time is up even if the app has not started
 * (it starts on the visitor's first action, or late on a slow phone): the page's own script takes it out,
 * and the app, starting later, renders no card, so hydration finds the page as it is. Once React owns
 * the page, the card is React's to remove.
 */
import { afterEach, expect, jest, test } from 'bun:test'
import { render, screen } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { Splash } from './Splash'
import { showSplashBeforeTheApp } from './splashBeforeTheApp'
import { SPLASH_GONE, SPLASH_GONE_EVENT, SPLASH_REMOVED } from './splashPlace'

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

function servePageWithCard(): HTMLElement {
  // A full load of the home page (an earlier test file may have left the window on a staff screen).
  history.replaceState(null, '', '/')
  document.body.innerHTML =
    '<div id="root"><header class="site-header"></header><div class="splash" aria-hidden="true" data-testid="splash"><p class="splash__name">Larkdale</p></div><main><h1>Larkdale Hotel</h1></main></div>'
  return document.getElementById('root')!
}

/** Shows the card as the page's script does, then lets the visitor press a key and the fade run out. */
async function showThenFadeOut(): Promise<void> {
  showSplashBeforeTheApp()
  await nextFrame()
  jest.useFakeTimers()
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
  expect(document.querySelector('.splash')?.classList.contains('splash--fading')).toBe(true)
  jest.advanceTimersByTime(1000)
}

afterEach(() => {
  jest.useRealTimers()
  document.body.innerHTML = ''
})

test('before the app starts, the faded card is taken out of the page, and the app then renders none', async () => {
  const root = servePageWithCard()
  await showThenFadeOut()
  expect(document.querySelector('.splash')).toBeNull()
  expect(root.hasAttribute(SPLASH_REMOVED)).toBe(true)
  expect(root.querySelector('h1')?.textContent).toBe('Larkdale Hotel')

  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <Splash />
    </Router>,
  )
  expect(screen.queryByTestId('splash')).toBeNull()
})

test('once React owns the page, the card stays for the app to remove, marked gone with an event', async () => {
  const root = servePageWithCard()
  root.dataset.app = ''
  const card = document.querySelector('.splash')!
  const told = new Promise<void>((resolve) => card.addEventListener(SPLASH_GONE_EVENT, () => resolve(), { once: true }))
  await showThenFadeOut()
  await told
  expect(card.isConnected).toBe(true)
  expect(card.hasAttribute(SPLASH_GONE)).toBe(true)
  expect(root.hasAttribute(SPLASH_REMOVED)).toBe(false)
})
