/** The logo on Venue details: an SVG refused as it is picked, a PNG sent at once and shown on every page, the original back; offline it says a connection is needed. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { builtVenue } from '../../../lib/venue'
import { venueStore } from '../../../shell/venue'
import { useStaffMember } from '../../session'
import { makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { quiet } from '../../../../test/quiet'
import { VENUE_LOGO } from '../../../../../api/src/shared/rules/uploads'
import { LOGO_NEEDS_CONNECTION, VenueLogo } from './VenueLogo'

let mock: MockApi
afterEach(() => mock?.restore())
beforeEach(() => {
  resetAdmin('/venueDetails')
  venueStore.setState({ data: { ...builtVenue, logo: '/logo.svg' } })
  useStaffMember.setState({ username: 'admin', role: 'owner', mustChangePassword: false })
})

const section = () => within(screen.getByRole('region', { name: 'Logo' }))
const pick = (file: File) => fireEvent.change(section().getByLabelText('New logo'), { target: { files: [file] } })

describe('the logo', () => {
  test('an SVG is refused as it is picked, with the reason, and nothing is sent', async () => {
    mock = mockApi({})
    render(<VenueLogo />)
    await quiet(async () => {
      pick(makeFile('logo.svg', 'image/svg+xml'))
      await section().findAllByText(VENUE_LOGO.typeMessage)
    })
    fireEvent.click(section().getByRole('button', { name: 'Use this logo' }))
    await waitFor(() => expect(mock.changes()).toHaveLength(0))
  })

  test('a PNG is sent at once; every page then names the new logo, and the original can come back', async () => {
    mock = mockApi({
      'POST /api/admin/venue/logo': { body: { message: 'The new logo is saved: every page shows it now.', logo: '/files/abc.png' } },
      'DELETE /api/admin/venue/logo': { body: { message: 'The original logo is back on every page.', logo: '/logo.svg' } },
    })
    render(<VenueLogo />)
    pick(makeFile('logo.png', 'image/png'))
    fireEvent.click(section().getByRole('button', { name: 'Use this logo' }))
    await section().findByText('The new logo is saved: every page shows it now.')
    expect(mock.changes().map((r) => [r.method, r.path, r.body instanceof FormData])).toEqual([['POST', '/api/admin/venue/logo', true]])
    expect(venueStore.getState().data?.logo).toBe('/files/abc.png')
    const original = await section().findByRole('button', { name: 'Use the original logo' })
    original.focus()
    fireEvent.click(original)
    await section().findByText('The original logo is back on every page.')
    expect(venueStore.getState().data?.logo).toBe('/logo.svg')
    // Its button went with the uploaded logo: focus is on what happened, not lost to the page.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('The original logo is back on every page.'))
  })

  test('offline, it says a new logo needs a connection', async () => {
    mock = mockApi({})
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')!
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      render(<VenueLogo />)
      window.dispatchEvent(new Event('offline'))
      await section().findByText(LOGO_NEEDS_CONNECTION)
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
      Object.defineProperty(Object.getPrototypeOf(navigator), 'onLine', onLine)
    }
  })
})
