import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { Venue } from '../../config'
import type { AppContext } from '../../context'
import { badRequest, conflict, notFound } from '../../http/errors'
import { isRealDate, venueDate } from '../../shared/time'
import { venueName, type VenueKey } from '../../shared/rules/venues'
import { parseVenueName } from '../../http/field-readers'
import {
  AddHolidayBody,
  AdminHolidayList,
  HolidayAddedReply,
  HolidayList,
  HolidayRemovedReply,
  RemoveHolidayBody,
  type AdminHoliday,
  type Holiday,
} from './model'
import { deleteHoliday, insertHoliday, listAllHolidays, listHolidaysFrom, type HolidayRow, type NewHoliday } from './store'

/** What other features may use: the closures from a day on (the structured data of the site). */
export { listHolidaysFrom } from './store'

const ALL_FIELDS = 'All fields are required'

function toHoliday(venue: Venue, row: HolidayRow): Holiday {
  return {
    id: row.id,
    holiday_date: row.holiday_date,
    open_time: row.open_time,
    close_time: row.close_time,
    closed: row.closed === 1,
    location: venueName(venue, row.venue),
    venue: row.venue,
  }
}

const toAdminHoliday = (venue: Venue, row: HolidayRow): AdminHoliday => ({
  ...toHoliday(venue, row),
  original_holiday_date: row.holiday_date,
})

function readDate(value: string): string {
  const date = value.trim()
  if (!isRealDate(date)) throw badRequest(`'${date}' is not a real date. Write it as YYYY-MM-DD, for example 2026-12-25.`)
  return date
}

function readPlace(venue: Venue, location: string | undefined, date: string | undefined): { key: VenueKey; date: string } {
  if (!location?.trim() || !date?.trim()) throw badRequest(ALL_FIELDS)
  return { key: parseVenueName(venue, location), date: readDate(date) }
}

/** Reads the add form: a closed day needs no times; an open one needs both, and they must differ. */
function readNewHoliday(venue: Venue, body: AddHolidayBody): NewHoliday {
  const closed = body.closed === true
  const open = body.open_time || null
  const close = body.close_time || null
  if (!closed && (!open || !close)) throw badRequest(ALL_FIELDS)
  const place = readPlace(venue, body.location, body.holiday_date)
  if (!closed && open === close) throw badRequest('Closing time must differ from the opening time.')
  return { venue: place.key, date: place.date, open: closed ? null : open, close: closed ? null : close, closed }
}

export function holidaysRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.holidays', prefix: '/api' })
    .use(adminGuard(ctx))
    .get('/bank-holiday-exceptions', () => listHolidaysFrom(ctx.db, venueDate(ctx.now())).map((row) => toHoliday(ctx.venue(), row)), {
      response: HolidayList,
    })
    .get('/bank-admin-holiday-exceptions', () => listAllHolidays(ctx.db).map((row) => toAdminHoliday(ctx.venue(), row)), {
      admin: true,
      response: AdminHolidayList,
    })
    .post(
      '/add-bank-holiday-times',
      ({ body, commit, activity, set }) => {
        const holiday = readNewHoliday(ctx.venue(), body)
        set.status = 201
        return commit(() => {
          const row = insertHoliday(ctx.db, holiday)
          if (!row) {
            throw conflict(`${venueName(ctx.venue(), holiday.venue)} already has times for ${holiday.date}. Remove them first to change them.`)
          }
          activity({
            kind: 'holiday',
            action: 'create',
            record_id: row.id,
            summary: `${venueName(ctx.venue(), holiday.venue)} on ${holiday.date}: ${holiday.closed ? 'closed' : `${holiday.open}–${holiday.close}`}`,
          })
          return { message: 'Bank holiday times added.', holiday: toAdminHoliday(ctx.venue(), row) }
        }, 201)
      },
      { admin: true, body: AddHolidayBody, response: { 201: HolidayAddedReply } },
    )
    .delete(
      '/remove-bank-holiday-times',
      ({ body, commit, activity }) => {
        const place = readPlace(ctx.venue(), body.location, body.holiday_date)
        return commit(() => {
          if (!deleteHoliday(ctx.db, place.key, place.date)) {
            throw notFound(`${venueName(ctx.venue(), place.key)} has no bank holiday times on ${place.date}.`)
          }
          activity({
            kind: 'holiday',
            action: 'delete',
            record_id: `${place.key}:${place.date}`,
            summary: `Removed the bank holiday times of ${venueName(ctx.venue(), place.key)} on ${place.date}`,
          })
          return { message: 'Bank holiday times removed.' }
        })
      },
      { admin: true, body: RemoveHolidayBody, response: HolidayRemovedReply },
    )
}
