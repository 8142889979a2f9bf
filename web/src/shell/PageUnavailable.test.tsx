import { describe, expect, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { quiet } from '../../test/quiet'
import { retryableLazy } from './retryableLazy'
import { PageUnavailable } from './PageUnavailable'
import { useConnectivity } from '../offline/connectivity'

/** A page in its own chunk whose download fails while `signal.up` is false. */
function pageBehindSignal() {
  const signal = { up: false, asked: 0 }
  const load = retryableLazy(async () => {
    signal.asked++
    if (!signal.up) throw new TypeError('Failed to fetch dynamically imported module')
    return {
      default: () => (
        <main id="main">
          <h1>What's on</h1>
        </main>
      ),
    }
  })
  function Events() {
    const [Page] = useState(load)
    return <Page />
  }
  return { signal, Events }
}

function renderAt(location: string, Events: () => React.ReactNode) {
  const tree = (at: string) => (
    <PageUnavailable location={at}>
      <Suspense fallback={<main id="main" aria-busy="true" />}>{at === '/events' ? <Events /> : <h1>Home</h1>}</Suspense>
    </PageUnavailable>
  )
  const view = render(tree(location))
  return { ...view, moveTo: (at: string) => view.rerender(tree(at)) }
}

describe('PageUnavailable', () => {
  test('a page whose code cannot be downloaded: a heading of its own, the phone number and Try again', async () => {
    const { Events } = pageBehindSignal()
    await quiet(async () => {
      renderAt('/events', Events)
      expect(await screen.findByRole('heading', { level: 1, name: 'This page needs a connection' })).toBeTruthy()
    })
    expect(screen.getByRole('status').textContent).toContain('Call us on')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    // A screen reader announces the status region whole: the sentence, not the button's label with it.
    expect(screen.getByRole('status').querySelector('button')).toBeNull()
  })

  test('Try again downloads the page afresh and moves focus to its heading; while still refused, back to the notice', async () => {
    const { signal, Events } = pageBehindSignal()
    await quiet(async () => {
      renderAt('/events', Events)
      await screen.findByRole('button', { name: 'Try again' })
      const asked = signal.asked
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(signal.asked).toBeGreaterThan(asked))
      await waitFor(() => expect(document.activeElement?.textContent).toBe('This page needs a connection'))
    })
    signal.up = true
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    await waitFor(() => expect(document.activeElement?.textContent).toBe("What's on"))
    expect(screen.queryByText('This page needs a connection')).toBeNull()
  })

  test('moving to another page clears the notice and tries the failed page again next time', async () => {
    const { signal, Events } = pageBehindSignal()
    const view = await quiet(async () => {
      const view = renderAt('/events', Events)
      await screen.findByRole('button', { name: 'Try again' })
      return view
    })
    view.moveTo('/')
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy()
    signal.up = true
    view.moveTo('/events')
    expect(await screen.findByRole('heading', { name: "What's on" })).toBeTruthy()
  })

  for (const online of [true, false])
    test(`${online ? 'with a signal, the venue not answering' : 'without a signal'}: the notice says ${online ? 'the venue could not be reached' : 'to try again when there is a signal'}`, async () => {
      useConnectivity.setState({ online })
      try {
        const { Events } = pageBehindSignal()
        await quiet(async () => {
          renderAt('/events', Events)
          await screen.findByRole('heading', { level: 1, name: 'This page needs a connection' })
        })
        const said = screen.getByRole('main').textContent ?? ''
        expect({ reached: said.includes('could not be reached'), signal: said.includes('when you have a signal') }).toEqual({
          reached: online,
          signal: !online,
        })
      } finally {
        useConnectivity.setState({ online: true })
      }
    })
})
