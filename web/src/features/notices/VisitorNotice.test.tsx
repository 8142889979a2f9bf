import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { quiet } from '../../../test/quiet'
import { resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { formatSavedAt } from '../../../../api/src/shared/rules/venue-time'
import { builtVenue as venue } from '../../lib/venue'
import { setPageDataForRender, writeSaved } from '../../stores'
import { useNotices } from './store'
import { VisitorNotice } from './VisitorNotice'
import { NoticeSlot } from './NoticeSlot'

const notice = (id: number, text: string, startsInMs: number, endsInMs: number, extra: object = {}) => ({
  id,
  text,
  link: null,
  link_text: null,
  venue: 'both',
  starts_at: new Date(Date.now() + startsInMs).toISOString(),
  ends_at: new Date(Date.now() + endsInMs).toISOString(),
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
})

const region = () => screen.queryByRole('region', { name: /^Notices?$/ })

beforeEach(async () => {
  await resetStores([useNotices])
})
afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
  setPageDataForRender(null)
})

describe('VisitorNotice', () => {
  test('shows the current notices in a named region, with the venue and a link that says where it leads', async () => {
    stubFetch({
      '/api/notices': [
        notice(1, 'The kitchen is closed today until 6 pm.', -60_000, 3_600_000, { venue: 'hotel', link: '/eat', link_text: 'See the cafe menu' }),
        notice(2, 'Closed for refurbishment.', 86_400_000, 2 * 86_400_000),
      ],
    })
    render(<VisitorNotice />)
    await waitFor(() => expect(region()).toBeTruthy())
    const shown = within(region()!)
    expect(shown.getByRole('heading', { name: 'Notice' })).toBeTruthy()
    expect(shown.getByRole('listitem').textContent).toBe(`${venue.hotelName}: The kitchen is closed today until 6 pm. See the cafe menu`)
    expect(shown.getByRole('link', { name: 'See the cafe menu' }).getAttribute('href')).toBe('/eat')
    expect(screen.queryByText('Closed for refurbishment.')).toBeNull()
    expect(screen.queryByText(/Saved on/)).toBeNull()
  })

  test('appears at its start and disappears at its end while the page stays open', async () => {
    // A test clock: the notice's start and end come when the clock is moved, however busy the machine.
    jest.useFakeTimers()
    try {
      stubFetch({ '/api/notices': [notice(3, 'Quiz night moved to the barn.', 60_000, 120_000)] })
      render(<VisitorNotice />)
      for (let turn = 0; turn < 100 && useNotices.getState().status !== 'ready'; turn++) await act(() => Promise.resolve())
      expect(useNotices.getState().status).toBe('ready')
      expect(region()).toBeNull()
      act(() => jest.advanceTimersByTime(59_000))
      expect(region()).toBeNull()
      act(() => jest.advanceTimersByTime(1_000))
      expect(screen.getByText('Quiz night moved to the barn.')).toBeTruthy()
      act(() => jest.advanceTimersByTime(60_000))
      expect(region()).toBeNull()
    } finally {
      jest.useRealTimers()
    }
  })

  test('offline, the notice saved on the device shows with the time it was saved', async () => {
    const savedAt = Date.now() - 2 * 3_600_000
    await writeSaved('notices', { data: [notice(4, 'Road closed: use the north lane.', -3_600_000, 3_600_000)], savedAt })
    stubFetch({
      '/api/notices': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    render(<VisitorNotice />)
    await quiet(() => waitFor(() => expect(screen.getByText(`Saved on ${formatSavedAt(savedAt)}`)).toBeTruthy()))
    expect(within(region()!).getByText('Road closed: use the north lane.')).toBeTruthy()
  })

  test('the server’s render shows what is current at the time it renders, and nothing before data', () => {
    expect(renderToString(<VisitorNotice />)).toBe('')
    const stores = { notices: [notice(5, 'Bar opens late tonight.', 60_000, 120_000)] }
    setPageDataForRender({ renderedAt: new Date().toISOString(), stores })
    expect(renderToString(<VisitorNotice />)).not.toContain('Bar opens late tonight.')
    setPageDataForRender({ renderedAt: new Date(Date.now() + 90_000).toISOString(), stores })
    const html = renderToString(<VisitorNotice />)
    expect(html).toContain('Bar opens late tonight.')
    expect(html).toContain('aria-labelledby="visitor-notice-title"')
    setPageDataForRender({ renderedAt: new Date(Date.now() + 120_000).toISOString(), stores })
    expect(renderToString(<VisitorNotice />)).not.toContain('Bar opens late tonight.')
  })

  test('the slot every public page has: nothing while no notice is to come, else the notice (its code fetched then)', async () => {
    stubFetch({ '/api/notices': [] })
    const { unmount } = render(<NoticeSlot />)
    await waitFor(() => expect(useNotices.getState().status).toBe('ready'))
    expect(document.querySelector('.visitor-notice')).toBeNull()
    unmount()
    await resetStores([useNotices])
    stubFetch({ '/api/notices': [notice(6, 'Live music tonight in the Stables.', -1_000, 60_000)] })
    render(<NoticeSlot />)
    expect(await screen.findByText('Live music tonight in the Stables.')).toBeTruthy()
    expect(region()).toBeTruthy()
  })
})
