/** The phone number an offline notice offers is the venue's current one (the store the page data fills), not the build's. */
import { afterEach, expect, test } from 'bun:test'
import { render, screen } from '@testing-library/react'
import { builtVenue } from '../lib/venue'
import { venueStore } from '../shell/venue'
import { OfflineNotice } from './OfflineNotice'

afterEach(() => venueStore.getState().reset())

test('before the current details are known, the build’s number; once they are, the owner’s new one', () => {
  const { rerender } = render(<OfflineNotice lead="Online booking needs a connection." />)
  expect(screen.getByRole('link', { name: builtVenue.phone }).getAttribute('href')).toBe(`tel:${builtVenue.phone.replace(/\s+/g, '')}`)
  venueStore.setState({ data: { ...builtVenue, phone: '015394 32000' }, status: 'ready', savedAt: Date.now(), fromCache: false })
  rerender(<OfflineNotice lead="Online booking needs a connection." />)
  expect(screen.getByRole('status').textContent).toContain('Call us on 015394 32000')
  expect(screen.getByRole('link', { name: '015394 32000' }).getAttribute('href')).toBe('tel:01539432000')
})
