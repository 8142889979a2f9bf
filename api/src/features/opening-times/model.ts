import { t } from 'elysia'

export { GROUP_DAYS, GROUP_LABELS, HOTEL_GROUPS, STABLES_GROUPS, type HotelGroup, type StablesGroup } from '../../shared/rules/opening-groups'

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
  /** The version (the opening times' updated_at) the change is based on; same as the If-Match header. */
  updated_at: t.Optional(t.String({ maxLength: 64, error: 'updated_at must be the version text the opening times were read with.' })),
})
export type UpdateTimesBody = typeof UpdateTimesBody.static

export const UpdateTimesReply = t.Object({ message: t.String(), opening_times: OpeningTimesReply })
export type UpdateTimesReply = typeof UpdateTimesReply.static

export const TIMES_CHANGED_MESSAGE = 'These opening times were changed by someone else since you opened them.'
/** 409 from update-times: every venue's times as they are now. */
export const TimesConflictReply = t.Object({ error: t.String(), current: OpeningTimesReply })
export type TimesConflictReply = typeof TimesConflictReply.static
