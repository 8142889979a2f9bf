import { afterEach, beforeEach, describe, expect, jest, spyOn, test } from 'bun:test'
import { act, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { venue } from '../lib/venue'
import { BOOKING_SCRIPT_TIMEOUT_MS, BookingWidget, sizeBookingFrames } from './BookingWidget'

const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.getAttribute('src') === venue.booking.scriptUrl)
/** Online, the provider not answering; and offline (DECISIONS.md: say what is true, both with the phone). */
const NOTICE = `The booking service is not available right now. Call us on ${venue.phone} to book a room.`
const OFFLINE_NOTICE = `Online booking needs a connection. Call us on ${venue.phone} to book a room.`
const noticeText = () => document.querySelector('.offline-notice__text')?.textContent ?? null

const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine') ?? Object.getOwnPropertyDescriptor(navigator, 'onLine')
function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value })
}

/**
 * happy-dom does not load scripts: it fires 'error' on the spot when one is added. Tests stand in for
 * the network instead: only the events they dispatch (marked) reach the script element.
 */
const realDispatch = HTMLScriptElement.prototype.dispatchEvent
const FROM_TEST = Symbol('from test')
HTMLScriptElement.prototype.dispatchEvent = function (this: HTMLScriptElement, event: Event) {
  if (['load', 'error'].includes(event.type) && !(event as Event & { [FROM_TEST]?: boolean })[FROM_TEST]) return true
  return realDispatch.call(this, event)
}
function networkEvent(type: 'load' | 'error'): Event {
  return Object.assign(new Event(type), { [FROM_TEST]: true })
}
const loggedBookingFailure = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.some((call) => String(call[0]).includes('booking widget could not load'))

// happy-dom reports the scripts and frames it does not load; the widget's own log is checked below.
let errors: ReturnType<typeof spyOn<Console, 'error'>>
const realFetch = globalThis.fetch
/** Whether our own server answers the widget's check after a failure (connection or provider?). */
let ownServerAnswers = true
beforeEach(() => {
  errors = spyOn(console, 'error').mockImplementation(() => {})
  ownServerAnswers = true
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    if (String(input) === '/api/health' && ownServerAnswers) return new Response(null, { status: 200 })
    throw new TypeError('Failed to fetch')
  }) as typeof fetch
})
afterEach(() => {
  globalThis.fetch = realFetch
  errors.mockRestore()
  jest.useRealTimers()
  if (onLine) Object.defineProperty(navigator, 'onLine', onLine)
  else delete (navigator as { onLine?: boolean }).onLine
  for (const s of scripts()) s.remove()
})

describe('BookingWidget', () => {
  test('adds the booking script on mount and removes it (and anything from its origin) on unmount', () => {
    setOnline(true)
    const { unmount } = render(<BookingWidget />)
    expect(scripts()).toHaveLength(1)
    expect(scripts()[0]!.async).toBe(true)
    // The provider's script may load more of its own.
    const extra = document.createElement('script')
    extra.src = `${venue.booking.origin}/widget-extra.js`
    document.head.append(extra)
    unmount()
    expect(scripts()).toHaveLength(0)
    expect(document.querySelector(`script[src^="${venue.booking.origin}"]`)).toBeNull()
  })

  test('while loading: a status line, and no visible (empty) frame', () => {
    setOnline(true)
    render(<BookingWidget />)
    expect(screen.getByText(/Loading the booking calendar/)).toBeTruthy()
    expect((document.getElementById('booking-widget') as HTMLElement).hidden).toBe(true)
  })

  test('a script error is logged and the phone notice shows instead of the frame', async () => {
    setOnline(true)
    render(<BookingWidget />)
    act(() => {
      scripts()[0]!.dispatchEvent(networkEvent('error'))
    })
    await waitFor(() => expect(noticeText()).toBe(NOTICE))
    const tel = screen.getByRole('link', { name: venue.phone })
    expect(tel.getAttribute('href')).toBe(`tel:${venue.phone.replace(/\s+/g, '')}`)
    expect((document.getElementById('booking-widget') as HTMLElement).hidden).toBe(true)
    expect(loggedBookingFailure(errors)).toBe(true)
  })

  test('offline (navigator.onLine false): the notice at once, no script added', () => {
    setOnline(false)
    render(<BookingWidget />)
    expect(noticeText()).toBe(OFFLINE_NOTICE)
    expect(scripts()).toHaveLength(0)
    expect(loggedBookingFailure(errors)).toBe(true)
  })

  test('a script error while our own server does not answer either: the connection is the problem', async () => {
    setOnline(true)
    ownServerAnswers = false
    render(<BookingWidget />)
    act(() => {
      scripts()[0]!.dispatchEvent(networkEvent('error'))
    })
    await waitFor(() => expect(noticeText()).toBe(OFFLINE_NOTICE))
  })

  test('no answer within 10 s: the notice', async () => {
    setOnline(true)
    jest.useFakeTimers()
    render(<BookingWidget />)
    expect(noticeText()).toBeNull()
    expect(loggedBookingFailure(errors)).toBe(false)
    act(() => {
      jest.advanceTimersByTime(BOOKING_SCRIPT_TIMEOUT_MS + 10)
    })
    jest.useRealTimers()
    await waitFor(() => expect(noticeText()).toBe(NOTICE))
    expect(loggedBookingFailure(errors)).toBe(true)
  })

  test('once loaded, the widget frame is shown and sized 100% wide, 2000px high on desktop', () => {
    setOnline(true)
    render(<BookingWidget />)
    act(() => {
      scripts()[0]!.dispatchEvent(networkEvent('load'))
    })
    const box = document.getElementById('booking-widget') as HTMLElement
    expect(box.hidden).toBe(false)
    const frame = document.createElement('iframe')
    box.append(frame)
    sizeBookingFrames(box, 1440)
    expect(frame.style.width).toBe('100%')
    expect(frame.style.height).toBe('2000px')
    sizeBookingFrames(box, 390)
    expect(frame.style.width).toBe('100%')
    expect(parseInt(frame.style.height, 10)).toBeLessThan(2000)
  })

  test('renders on the server without touching the DOM', () => {
    const html = renderToString(<BookingWidget />)
    expect(html).toContain('booking-widget')
  })
})
