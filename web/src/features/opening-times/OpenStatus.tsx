import { useEffect, useState } from 'react'
import type { VenueKey } from '../../../../api/src/shared/rules/venues'
import { describeOpenStatus, openStatus } from './openStatusRules'
import { useVenue } from '../../shell/venue'
import { holidayList, useHolidays } from './holidaysStore'
import { pageRenderedAt, useResource } from '../../stores'
import { useOpeningTimes } from './store'
import './opening-times.css'

export interface OpenStatusProps {
  venue: VenueKey
  /** Name shown before the status; defaults to the venue's name, null hides it. */
  label?: string | null
}

/**
 * 'Open now · closes at 22:00' or 'Closed · opens at 08:00' for one venue, on the venue's clock,
 * honouring that day's bank-holiday exception. Re-computed every minute; nothing until data exists
 * (and nothing in the build's pre-rendered HTML, which cannot know the time of the visit; a page the
 * server renders with current data shows the status at the time it was rendered).
 */
export function OpenStatus({ venue, label }: OpenStatusProps) {
  const { data: times } = useResource(useOpeningTimes)
  const { data: holidays } = useResource(useHolidays)
  const identity = useVenue()
  // A page served with current data was rendered at a known time: its first render (and hydration) shows that moment's status.
  const [now, setNow] = useState<Date | null>(pageRenderedAt)

  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])

  if (!times || !now) return null
  const status = openStatus(venue, times, holidayList(holidays), now)
  const name = label === undefined ? (venue === 'hotel' ? identity.hotelName : identity.barName) : label
  return (
    <p className={`open-status open-status--${status.open ? 'open' : 'closed'}`} data-venue={venue}>
      <span className="open-status__dot" aria-hidden="true" />
      {name ? <span className="open-status__venue">{name}</span> : null}
      <span className="open-status__text">{describeOpenStatus(status)}</span>
    </p>
  )
}
