// Plain constants with no server imports, so the web app can use them too.
import type { VenueKey } from './venues'

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

/** Under which key GET /api/opening-times answers each venue's hours (SPEC.md names the hotel's 'monsal'). */
export const TIMES_REPLY_KEY = { hotel: 'monsal', stables: 'stables' } as const satisfies Record<VenueKey, string>
