import { useEffect, useId, useMemo, useState } from 'react'
import type { HolidayAddedReply, HolidayRemovedReply } from '../../../api/types'
import { timeRange } from '../../../features/opening-times/timeRange'
import { currentVenue } from '../../../shell/venue'
import { VENUE_KEYS, venueKeyOf, venueName, type VenueKey } from '../../../../../api/src/shared/rules/venues'
import { formatLongDate, venueClock } from '../../../features/opening-times/venueTime'
import { failureStatus, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { PendingBadge, usePending } from '../../shell/pending'
import { mergeHolidays, type DisplayHoliday, type HolidayMeta } from './changes'
import { useAdminHolidays } from './store'
import { useResource } from '../../../stores'
import { AdminScreen, AdminSection, StatusMessage } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import { useMutationForm } from '../../shell/useMutationForm'
import { problemIn, StaffForm } from '../../shell/fieldErrors'
import { FormFooter, InputField, SelectField, TimeRangeFields } from '../../shell/formParts'
import { focusFollowsList } from '../../shell/listFocus'

export const HOLIDAY_REQUIRED = 'All fields are required'
export const HOLIDAY_ADD_ERROR = 'Failed to add bank holiday times.'
export const HOLIDAY_REMOVE_ERROR = 'Failed to remove the holiday.'

const timesOf = (h: DisplayHoliday) => (h.closed || !h.open_time || !h.close_time ? 'Closed all day' : timeRange(h.open_time, h.close_time))

/** The exceptions, by date, each with its venue; `onRemove` adds a Remove button. */
function HolidayTable({
  holidays,
  onRemove,
  removing,
}: {
  holidays: DisplayHoliday[]
  onRemove?: (h: DisplayHoliday) => void
  removing?: number | string | null
}) {
  const [today, setToday] = useState('')
  useEffect(() => setToday(venueClock(new Date()).date), [])
  return (
    <ul className="admin-rows">
      {holidays.map((h) => {
        const past = today !== '' && h.holiday_date < today
        const removed = h.pending?.op === 'delete'
        return (
          <li
            key={h.id}
            className={`admin-row${past ? ' is-past' : ''}${h.pending ? ' is-pending' : ''}${removed ? ' is-deleted' : ''}`}
            data-venue={h.venue}
            data-pending={h.pending?.state}
          >
            <div className="admin-row__body">
              <p className="admin-row__title">
                {formatLongDate(h.holiday_date)}
                {past ? <span className="admin-badge admin-badge--muted">Past</span> : null}
                <PendingBadge mark={h.pending} />
              </p>
              <p className="admin-row__meta">
                {h.location} · {timesOf(h)}
              </p>
            </div>
            {onRemove ? (
              <button
                type="button"
                className="button button--small button--danger"
                onClick={focusFollowsList(() => onRemove(h))}
                disabled={removing === h.id || removed}
              >
                {removing === h.id ? 'Removing…' : 'Remove'}
                <span className="visually-hidden">
                  {' '}
                  {h.location} on {formatLongDate(h.holiday_date)}
                </span>
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

function HolidayList({ onRemove, removing }: { onRemove?: (h: DisplayHoliday) => void; removing?: number | string | null }) {
  const list = useResource(useAdminHolidays)
  const pending = usePending('holiday')
  const holidays = useMemo(() => mergeHolidays(list.data ?? [], pending), [list.data, pending])
  if (!list.data && holidays.length === 0)
    return <p className="admin-loading">{list.status === 'error' ? 'The exceptions could not be loaded.' : 'Loading exceptions…'}</p>
  if (holidays.length === 0) return <p className="admin-empty">There are no opening times exceptions.</p>
  return <HolidayTable holidays={holidays} onRemove={onRemove} removing={removing} />
}

const INITIAL = { holiday_date: '', open_time: '', close_time: '', location: '', closed: false }

function sendHoliday({ holiday_date, open_time, close_time, closed }: typeof INITIAL, location: VenueKey) {
  const name = venueName(currentVenue(), location)
  const meta: HolidayMeta = {
    kind: 'holiday',
    op: 'create',
    holiday: { holiday_date, venue: location, location: name, open_time: closed ? null : open_time, close_time: closed ? null : close_time, closed },
  }
  return mutate<HolidayAddedReply>({
    method: 'POST',
    path: '/api/add-bank-holiday-times',
    body: { location, holiday_date, open_time: closed ? '' : open_time, close_time: closed ? '' : close_time, closed },
    label: `Opening times exception for ${name} on ${holiday_date}`,
    meta,
  })
}

export function AddHoliday() {
  const ids = useId()
  const form = useFormDraft('holiday-add', INITIAL)
  const { holiday_date, open_time, close_time, closed } = form.values
  // The key ('hotel' | 'stables'); a draft kept by an older version holds the display name.
  const location = venueKeyOf(currentVenue(), form.values.location)

  const save = useMutationForm({
    validate: () =>
      problemIn(HOLIDAY_REQUIRED, { holiday_date: !holiday_date, location: !location, open_time: !closed && !open_time, close_time: !closed && !close_time }),
    send: async () => {
      const reply = await sendHoliday(form.values, location!)
      return reply
    },
    sent: (reply) => ({ text: reply?.message || 'Bank holiday times added.', tone: 'success' }),
    failed: (error) => failureStatus(error, HOLIDAY_ADD_ERROR, 'Adding a holiday'),
    settled: () => form.reset(),
  })

  return (
    <AdminScreen
      title="Add Opening Times Exception"
      intro="Special hours or a closure for one day, such as a bank holiday. Visitors see it under that venue's opening times."
    >
      <AdminSection title="New exception" id={`${ids}-form`}>
        <StaffForm form={save}>
          <div className="admin-form__row">
            <InputField
              label="Date"
              id={`${ids}-date`}
              name="holiday_date"
              type="date"
              required
              value={holiday_date}
              onValue={(value) => form.set('holiday_date', value)}
            />
            <SelectField
              label="Location"
              id={`${ids}-location`}
              name="location"
              required
              value={location ?? ''}
              onValue={(value) => form.set('location', value)}
            >
              <option value="">Choose a venue…</option>
              {VENUE_KEYS.map((key) => (
                <option key={key} value={key}>
                  {venueName(currentVenue(), key)}
                </option>
              ))}
            </SelectField>
          </div>
          <TimeRangeFields
            id={ids}
            open={open_time}
            close={close_time}
            closed={closed}
            closedLabel="Closed all day"
            onOpen={(value) => form.set('open_time', value)}
            onClose={(value) => form.set('close_time', value)}
            onClosed={(value) => form.set('closed', value)}
          />
          <FormFooter form={save} label="Add exception" busyLabel="Adding…" />
        </StaffForm>
      </AdminSection>
      <AdminSection title="Existing exceptions" id={`${ids}-list`}>
        <HolidayList />
      </AdminSection>
    </AdminScreen>
  )
}

export function DeleteHoliday() {
  const ids = useId()
  const rowDelete = useRowDelete<number | string>()
  const { status, busy: removing } = rowDelete

  const onRemove = (h: DisplayHoliday) =>
    rowDelete.run({
      key: h.id,
      question: `Remove the exception for ${h.location} on ${formatLongDate(h.holiday_date)}?`,
      send: () =>
        mutate<HolidayRemovedReply>({
          method: 'DELETE',
          path: '/api/remove-bank-holiday-times',
          // The key when the row has one; a row queued by an older version may know only the name (the server takes both).
          body: { holiday_date: h.original_holiday_date, location: h.venue ?? h.location },
          label: `Remove the exception for ${h.location} on ${h.original_holiday_date}`,
          meta: { kind: 'holiday', op: 'delete', holiday_date: h.original_holiday_date, location: h.location, venue: h.venue } satisfies HolidayMeta,
        }),
      done: (reply) => ({ text: reply?.message || 'Bank holiday times removed.', tone: 'success' }),
      failed: (error) => failureStatus(error, HOLIDAY_REMOVE_ERROR, 'Removing a holiday'),
      reload: () => useAdminHolidays.getState().load(),
    })

  return (
    <AdminScreen title="Remove Opening Times Exception" intro="Removing an exception puts that day back to the usual opening times.">
      <AdminSection title="Exceptions" id={`${ids}-list`}>
        <StatusMessage status={status} />
        <HolidayList onRemove={(h) => void onRemove(h)} removing={removing} />
      </AdminSection>
    </AdminScreen>
  )
}
