import { t } from 'elysia'

const VenueKeySchema = t.Union([t.Literal('hotel'), t.Literal('stables')])
const Time = t.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', error: 'Times must be HH:MM, for example 08:30.' })
/** Forms send '' for a blank time and older clients may send null; both mean "not given". */
const OptionalTime = t.Optional(t.Union([Time, t.Literal(''), t.Null()], { error: 'Times must be HH:MM, for example 08:30.' }))

/** One bank-holiday exception as the public site shows it. */
export const Holiday = t.Object({
  id: t.Number(),
  holiday_date: t.String(),
  open_time: t.Nullable(t.String()),
  close_time: t.Nullable(t.String()),
  closed: t.Boolean(),
  /** The venue's display name (hotel name or bar name). */
  location: t.String(),
  venue: VenueKeySchema,
})
export type Holiday = typeof Holiday.static

/** The admin list adds the date as the remove call expects it. */
export const AdminHoliday = t.Composite([Holiday, t.Object({ original_holiday_date: t.String() })])
export type AdminHoliday = typeof AdminHoliday.static

export const HolidayList = t.Array(Holiday)
export const AdminHolidayList = t.Array(AdminHoliday)

// Presence is checked in the handler, so a missing field gets SPEC.md's 'All fields are required'
// while a present but malformed one gets a message naming the problem.
export const AddHolidayBody = t.Object({
  location: t.Optional(t.String({ maxLength: 100, error: 'Choose a location.' })),
  holiday_date: t.Optional(t.String({ maxLength: 20, error: 'The date must be written YYYY-MM-DD.' })),
  open_time: OptionalTime,
  close_time: OptionalTime,
  closed: t.Optional(t.Boolean({ error: 'closed must be true or false.' })),
})
export type AddHolidayBody = typeof AddHolidayBody.static

export const RemoveHolidayBody = t.Object({
  location: t.Optional(t.String({ maxLength: 100, error: 'Choose a location.' })),
  holiday_date: t.Optional(t.String({ maxLength: 20, error: 'The date must be written YYYY-MM-DD.' })),
})
export type RemoveHolidayBody = typeof RemoveHolidayBody.static

export const HolidayAddedReply = t.Object({ message: t.String(), holiday: AdminHoliday })
export type HolidayAddedReply = typeof HolidayAddedReply.static

export const HolidayRemovedReply = t.Object({ message: t.String() })
export type HolidayRemovedReply = typeof HolidayRemovedReply.static
