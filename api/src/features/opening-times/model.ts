import { t } from 'elysia'

export const HOTEL_GROUPS = ['monday_to_friday', 'saturday', 'sunday'] as const
export const STABLES_GROUPS = ['monday_to_tuesday', 'wednesday_to_friday', 'saturday', 'sunday'] as const
export type HotelGroup = (typeof HOTEL_GROUPS)[number]
export type StablesGroup = (typeof STABLES_GROUPS)[number]

export const GROUP_LABELS: Record<HotelGroup | StablesGroup, string> = {
  monday_to_friday: 'Monday-Friday',
  monday_to_tuesday: 'Monday-Tuesday',
  wednesday_to_friday: 'Wednesday-Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

/** Days of the week (0 = Sunday) each group covers; the client's open-now status uses this. */
export const GROUP_DAYS: Record<HotelGroup | StablesGroup, number[]> = {
  monday_to_friday: [1, 2, 3, 4, 5],
  monday_to_tuesday: [1, 2],
  wednesday_to_friday: [3, 4, 5],
  saturday: [6],
  sunday: [0],
}

const TimeRange = t.Object({ open_time: t.String(), close_time: t.String() })
export type TimeRange = typeof TimeRange.static

const HotelTimes = t.Object({ label: t.String(), closed: t.Boolean(), hours: t.Nullable(TimeRange), breakfast: t.Nullable(TimeRange) })
const StablesTimes = t.Object({ label: t.String(), closed: t.Boolean(), hours: t.Nullable(TimeRange), lunch: t.Nullable(TimeRange) })

export const OpeningTimesReply = t.Object({
  monsal: t.Object({ monday_to_friday: HotelTimes, saturday: HotelTimes, sunday: HotelTimes }),
  stables: t.Object({ monday_to_tuesday: StablesTimes, wednesday_to_friday: StablesTimes, saturday: StablesTimes, sunday: StablesTimes }),
  updated_at: t.String(),
})
export type OpeningTimes = typeof OpeningTimesReply.static
export type HotelTimes = typeof HotelTimes.static
export type StablesTimes = typeof StablesTimes.static

const Time = t.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', error: 'Times must be HH:MM, for example 08:30.' })

export const UpdateTimesBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 100, error: 'Choose a business.' }),
  day: t.String({ minLength: 1, maxLength: 40, error: 'Choose which days to change.' }),
  open_time: t.Optional(t.Union([Time, t.Literal(''), t.Null()])),
  close_time: t.Optional(t.Union([Time, t.Literal(''), t.Null()])),
  type: t.Union([t.Literal('opening'), t.Literal('food')], { error: "Type must be 'opening' or 'food'." }),
  closed: t.Optional(t.Boolean()),
})
export type UpdateTimesBody = typeof UpdateTimesBody.static
