/**
 * Offline, the banner's first sentence is its true one: while the page's own part is still arriving
 * (its chunk, or its hydration after the layout's), it does not say "pages you have visited before still
 * work" only to replace it with the saved time of the data the page then shows.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, render, screen } from '@testing-library/react'
import { clear } from 'idb-keyval'
import { lazy, Suspense } from 'react'
import { createResource, useResource } from '../stores'
import { keepCopy } from '../stores/cache'
import { useConnectivity } from '../offline/connectivity'
import { quiet } from '../../test/quiet'
import { OfflineBanner } from './OfflineBanner'
import { PageDrawn, usePageDrawn } from './pageDrawn'

/** The device offline, as the browser says it (the stores ask navigator.onLine, the banner the connectivity store). */
function goOffline() {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
  useConnectivity.setState({ online: false })
}

// One process runs every component test: the app drawn by another file's test is not drawn here.
beforeEach(() => usePageDrawn.setState({ drawn: false }))

afterEach(async () => {
  // Off screen first: what follows would otherwise update a banner still mounted.
  cleanup()
  Reflect.deleteProperty(navigator, 'onLine')
  useConnectivity.setState({ online: true })
  await clear()
})

describe('the offline banner while the page arrives', () => {
  test('nothing is said until the page is drawn; then the saved time of its words, never the general sentence first', async () => {
    const savedAt = Date.UTC(2026, 10, 20, 9, 30)
    await keepCopy('test:about-words', { text: 'We are a small hotel.' }, savedAt)
    const words = createResource('test:about-words', async (): Promise<{ text: string }> => {
      throw new TypeError('Failed to fetch')
    })
    function About() {
      const { data } = useResource(words)
      return <h1>{data?.text ?? 'About us'}</h1>
    }
    let arrive!: () => void
    const AboutChunk = lazy(() => new Promise<{ default: typeof About }>((resolve) => (arrive = () => resolve({ default: About }))))
    goOffline()

    const said: (string | null)[] = []
    const observer = new MutationObserver(() => {
      const text = document.querySelector('.offline-banner')?.textContent ?? null
      if (text !== said.at(-1)) said.push(text)
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    await quiet(async () => {
      render(
        <>
          <Suspense fallback={<main aria-busy="true" />}>
            <AboutChunk />
            <PageDrawn />
          </Suspense>
          <OfflineBanner />
        </>,
      )
      expect(document.querySelector('.offline-banner')).toBeNull()
      await act(async () => arrive())
      await screen.findByText('We are a small hotel.')
      await screen.findByText(/showing information saved on/)
    })
    observer.disconnect()
    expect(said.filter((text) => text !== null)).toEqual([screen.getByRole('status').textContent])
    expect(screen.getByRole('status').textContent).not.toContain('pages you have visited before')
  })

  test('a page with no data of its own: once drawn, the general sentence', async () => {
    goOffline()
    render(
      <>
        <main>
          <h1>Contact</h1>
          <PageDrawn />
        </main>
        <OfflineBanner />
      </>,
    )
    expect((await screen.findByRole('status')).textContent).toBe('You’re offline — pages you have visited before still work')
  })
})
