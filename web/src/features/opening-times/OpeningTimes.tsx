import { useId } from 'react'
import { GROUP_LABELS, HOTEL_GROUPS, STABLES_GROUPS, type Holiday, type OpeningTimes as Times, type TimeRange } from '../../api/types'
import type { VenueKey } from '../../../../api/src/shared/rules/venues'
import { timeRange } from './timeRange'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import { formatLongDate } from './venueTime'
import { holidayList, useHolidays } from './holidaysStore'
import { useOpeningTimes } from './store'
import { useResource } from '../../stores'
import { OpenStatus } from './OpenStatus'
import './opening-times.css'

interface Row {
  key: string
  label: string
  closed: boolean
  hours: TimeRange | null
  food: TimeRange | null
}

const range = (r: TimeRange | null) => (r ? timeRange(r.open_time, r.close_time) : null)

function hotelRows(times: Times): Row[] {
  return HOTEL_GROUPS.map((key) => {
    const group = times.monsal[key]
    return { key, label: group?.label || GROUP_LABELS[key], closed: !!group?.closed, hours: group?.hours ?? null, food: group?.breakfast ?? null }
  })
}

function stablesRows(times: Times): Row[] {
  return STABLES_GROUPS.map((key) => {
    const group = times.stables[key]
    return { key, label: group?.label || GROUP_LABELS[key], closed: !!group?.closed, hours: group?.hours ?? null, food: group?.lunch ?? null }
  })
}

/** The hours part of an exception ('12:00 - 16:00' or 'Closed'); listed as 'Friday 25 December 2026: 12:00 - 16:00'. */
export function holidayHours(holiday: Holiday): string {
  if (holiday.closed || !holiday.open_time || !holiday.close_time) return 'Closed'
  return timeRange(holiday.open_time, holiday.close_time)
}

function VenueColumn(props: { venue: VenueKey; name: string; foodLabel: string; rows: Row[] | null; failed: boolean; holidays: Holiday[] }) {
  const id = useId()
  const identity = useVenue()
  return (
    <article className="opening-times__venue" data-venue={props.venue} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{props.name}</h3>
      <OpenStatus venue={props.venue} label={null} />
      {props.rows ? (
        <table className="opening-times__table">
          <caption className="visually-hidden">
            {props.name}: opening hours and {props.foodLabel.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">Days</th>
              <th scope="col">Open</th>
              <th scope="col">{props.foodLabel}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key} className={row.closed ? 'is-closed' : undefined}>
                <th scope="row">{row.label}</th>
                <td data-label="Open">{row.closed ? 'Closed' : (range(row.hours) ?? 'Closed')}</td>
                <td data-label={props.foodLabel}>{row.closed ? '—' : (range(row.food) ?? 'Not served')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="opening-times__pending">
          {props.failed ? (
            <>
              Opening times are not available right now. Call us on <a href={telHref(identity.phone)}>{identity.phone}</a>.
            </>
          ) : (
            'Loading opening times…'
          )}
        </p>
      )}
      {props.holidays.length > 0 ? (
        <div className="opening-times__holidays">
          <h4>Holidays &amp; Bank Holidays</h4>
          <ul className="opening-times__holiday-list">
            {props.holidays.map((holiday) => (
              <li key={holiday.id}>
                {formatLongDate(holiday.holiday_date)}: <span className="opening-times__holiday-time">{holidayHours(holiday)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  )
}

/**
 * The opening-times panel of /contact: one column per venue side by side from 1200 px wide, a
 * compact stacked layout below (CSS media query). Each venue lists its own upcoming bank-holiday
 * exceptions, only when it has some.
 */
export function OpeningTimes({ heading = 'Opening Times' }: { heading?: string }) {
  const { data: times, status: timesStatus } = useResource(useOpeningTimes)
  const { data: holidayData } = useResource(useHolidays)
  const id = useId()
  const identity = useVenue()

  const holidays = holidayList(holidayData)
  const failed = timesStatus === 'error' && !times
  return (
    <section className="opening-times" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <div className="opening-times__grid">
        <VenueColumn
          venue="hotel"
          name={identity.hotelName}
          foodLabel="Breakfast"
          rows={times ? hotelRows(times) : null}
          failed={failed}
          holidays={holidays.filter((h) => h.venue === 'hotel')}
        />
        <VenueColumn
          venue="stables"
          name={identity.barName}
          foodLabel="Lunch"
          rows={times ? stablesRows(times) : null}
          failed={failed}
          holidays={holidays.filter((h) => h.venue === 'stables')}
        />
      </div>
    </section>
  )
}
