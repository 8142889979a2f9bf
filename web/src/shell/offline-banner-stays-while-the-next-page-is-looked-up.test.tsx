/**
 * Offline, moving from page to page within the app: the next page's saved data is looked up on the
 * device for a moment. The banner keeps its sentence meanwhile (the visitor is still offline) and then
 * says the next page's own; it does not vanish and come back with every move (a flash at the foot of
 * the screen, and a status message a screen reader hears again as if new).
 */
import { afterEach, expect, test } from 'bun:test'
import { act, cleanup, render, screen } from '@testing-library/react'
import { useShownData } from '../stores'
import { useConnectivity } from '../offline/connectivity'
import { OfflineBanner } from './OfflineBanner'
import { usePageDrawn } from './pageDrawn'

afterEach(() => {
  cleanup()
  useConnectivity.setState({ online: true })
  useShownData.setState({ savedAt: null, missing: false, checking: false })
  usePageDrawn.setState({ drawn: false })
})

test('moving to another page offline, the banner keeps its sentence while the next page’s data is looked up, then says that page’s', () => {
  const firstSaved = Date.UTC(2026, 10, 20, 9, 30)
  useConnectivity.setState({ online: false })
  usePageDrawn.setState({ drawn: true })
  useShownData.setState({ savedAt: firstSaved, missing: false, checking: false })
  render(<OfflineBanner />)
  const banner = screen.getByRole('status')
  const first = banner.textContent
  expect(first).toContain('showing information saved on')

  // The page left, the next one's copy still being read from the device.
  act(() => useShownData.setState({ savedAt: null, missing: false, checking: true }))
  expect(screen.queryByRole('status')).toBe(banner)
  expect(banner.textContent).toBe(first)

  // The next page is not saved on this device: the banner says so, in the same place.
  act(() => useShownData.setState({ savedAt: null, missing: true, checking: false }))
  expect(screen.queryByRole('status')).toBe(banner)
  expect(banner.textContent).toBe('You’re offline — this page is not saved on this device yet')
})

test('back online while the next page’s data is looked up, the offline sentence does not stay', () => {
  useConnectivity.setState({ online: false })
  usePageDrawn.setState({ drawn: true })
  useShownData.setState({ savedAt: Date.UTC(2026, 10, 20, 9, 30), missing: false, checking: false })
  render(<OfflineBanner />)
  act(() => useShownData.setState({ savedAt: null, missing: false, checking: true }))
  act(() => useConnectivity.setState({ online: true }))
  expect(screen.queryByRole('status')).toBe(null)
})
