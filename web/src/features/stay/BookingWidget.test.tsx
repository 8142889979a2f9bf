import { afterEach, beforeEach, describe, expect, jest, spyOn, test } from 'bun:test'
import { act, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { builtVenue as venue } from '../../lib/venue'
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
/** The widget says it is not shown as a warning of its own (never console.error: it is a case the page handles). */
const reportedNotShown = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.some((call) => String(call[0]).includes('booking widget is not shown'))
/** Lets the widget's check of the provider (promises only, no timers) run to its end. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve()
  })
const widgetErrors = () => errors.mock.calls.filter((call) => String(call[0]).includes('booking widget'))

// happy-dom reports the scripts and frames it does not load; nothing of the widget's own may be among them.
let errors: ReturnType<typeof spyOn<Console, 'error'>>
let warnings: ReturnType<typeof spyOn<Console, 'warn'>>
const realFetch = globalThis.fetch
const realWorker = globalThis.Worker
/** Whether our own server answers the widget's check after a failure (connection or provider?). */
let ownServerAnswers = true
/** How the booking provider answers the widget's check before it adds the script: at once, never, or not at all (unreachable). */
let provider: 'answers' | 'silent' | 'unreachable' = 'answers'
/** The widget's check of the provider, as the page would ask it (method and address). */
let providerChecks: string[] = []
beforeEach(() => {
  errors = spyOn(console, 'error').mockImplementation(() => {})
  warnings = spyOn(console, 'warn').mockImplementation(() => {})
  ownServerAnswers = true
  provider = 'answers'
  providerChecks = []
  // Bun's own Worker would run the probe with the real network: without workers the page asks itself, through this fetch.
  ;(globalThis as { Worker?: unknown }).Worker = undefined
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/health' && ownServerAnswers) return new Response(null, { status: 200 })
    if (String(input) === venue.booking.scriptUrl) {
      providerChecks.push(`${init?.method ?? 'GET'} ${String(input)} ${init?.mode}`)
      if (provider === 'answers') return new Response(null, { status: 200 })
      if (provider === 'silent') return new Promise<Response>(() => {})
    }
    throw new TypeError('Failed to fetch')
  }) as typeof fetch
})
afterEach(() => {
  globalThis.fetch = realFetch
  globalThis.Worker = realWorker
  errors.mockRestore()
  warnings.mockRestore()
  jest.useRealTimers()
  if (onLine) Object.defineProperty(navigator, 'onLine', onLine)
  else delete (navigator as { onLine?: boolean }).onLine
  for (const s of scripts()) s.remove()
})

describe('BookingWidget', () => {
  test('asks the provider first, then adds the booking script; removes it (and anything from its origin) on unmount', async () => {
    setOnline(true)
    const { unmount } = render(<BookingWidget />)
    await waitFor(() => expect(scripts()).toHaveLength(1))
    expect(providerChecks).toEqual([`HEAD ${venue.booking.scriptUrl} no-cors`])
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

  test('provider unreachable: the script is never added, the phone notice shows, reported as a warning', async () => {
    setOnline(true)
    provider = 'unreachable'
    render(<BookingWidget />)
    await waitFor(() => expect(noticeText()).toBe(NOTICE))
    expect(scripts()).toHaveLength(0)
    expect(document.querySelector('.booking-widget')?.getAttribute('data-state')).toBe('unavailable')
    expect(reportedNotShown(warnings)).toBe(true)
    expect(widgetErrors()).toEqual([])
  })

  test('a script error after the provider answered: the phone notice instead of the frame', async () => {
    setOnline(true)
    render(<BookingWidget />)
    await waitFor(() => expect(scripts()).toHaveLength(1))
    act(() => {
      scripts()[0]!.dispatchEvent(networkEvent('error'))
    })
    await waitFor(() => expect(noticeText()).toBe(NOTICE))
    const tel = screen.getByRole('link', { name: venue.phone })
    expect(tel.getAttribute('href')).toBe(`tel:${venue.phone.replace(/\s+/g, '')}`)
    expect((document.getElementById('booking-widget') as HTMLElement).hidden).toBe(true)
    expect(reportedNotShown(warnings)).toBe(true)
    expect(widgetErrors()).toEqual([])
  })

  test('offline (navigator.onLine false): the notice at once, no script added, the provider not asked', () => {
    setOnline(false)
    render(<BookingWidget />)
    expect(noticeText()).toBe(OFFLINE_NOTICE)
    expect(scripts()).toHaveLength(0)
    expect(providerChecks).toEqual([])
    expect(reportedNotShown(warnings)).toBe(true)
  })

  test('the provider unreachable while our own server does not answer either: the connection is the problem', async () => {
    setOnline(true)
    ownServerAnswers = false
    provider = 'unreachable'
    render(<BookingWidget />)
    await waitFor(() => expect(noticeText()).toBe(OFFLINE_NOTICE))
    expect(scripts()).toHaveLength(0)
  })

  for (const stage of ['the provider', 'the script'] as const) {
    test(`no answer from ${stage} within 10 s: the notice`, async () => {
      setOnline(true)
      if (stage === 'the provider') provider = 'silent'
      jest.useFakeTimers()
      render(<BookingWidget />)
      await settle()
      expect(scripts()).toHaveLength(stage === 'the script' ? 1 : 0)
      expect(noticeText()).toBeNull()
      expect(reportedNotShown(warnings)).toBe(false)
      act(() => {
        jest.advanceTimersByTime(BOOKING_SCRIPT_TIMEOUT_MS + 10)
      })
      jest.useRealTimers()
      await waitFor(() => expect(noticeText()).toBe(NOTICE))
      expect(reportedNotShown(warnings)).toBe(true)
    })
  }

  test('once loaded, the widget frame is shown and sized 100% wide, 2000px high on desktop', async () => {
    setOnline(true)
    render(<BookingWidget />)
    await waitFor(() => expect(scripts()).toHaveLength(1))
    act(() => {
      scripts()[0]!.dispatchEvent(networkEvent('load'))
    })
    const box = document.getElementById('booking-widget') as HTMLElement
    expect(box.hidden).toBe(false)
    expect(document.querySelector('.booking-widget')?.getAttribute('data-state')).toBe('ready')
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
