import type { AppContext } from '../../context'
import { venueDate } from '../../shared/time'
import type { VenueKey } from '../../shared/rules/venues'
import { nextBankHolidays } from '../../seed/bank-holidays'
import { countHolidays, insertHoliday, type NewHoliday } from './store'

type Hours = { open: string; close: string } | 'closed'

/** Fictional but plausible hours: the hotel shuts on Christmas Day, the bar opens for a Christmas lunch. */
function demoHours(venue: VenueKey, holidayName: string): Hours {
  const name = holidayName.replace(' (substitute day)', '')
  if (venue === 'hotel') {
    if (name === 'Christmas Day') return 'closed'
    if (name === 'Boxing Day' || name === "New Year's Day") return { open: '09:00', close: '17:00' }
    return { open: '08:00', close: '20:00' }
  }
  if (name === 'Christmas Day') return { open: '12:00', close: '16:00' }
  if (name === "New Year's Day") return { open: '12:00', close: '20:00' }
  return { open: '11:00', close: '22:00' }
}

/** Demo content for the fictional venue; adds nothing when the table already has rows. */
export async function seedHolidays(ctx: AppContext): Promise<void> {
  if (countHolidays(ctx.db) > 0) return
  const upcoming = nextBankHolidays(venueDate(ctx.now()), 2)
  const rows: NewHoliday[] = upcoming.flatMap((holiday) =>
    (['hotel', 'stables'] as const).map((venue) => {
      const hours = demoHours(venue, holiday.name)
      return hours === 'closed'
        ? { venue, date: holiday.date, open: null, close: null, closed: true }
        : { venue, date: holiday.date, open: hours.open, close: hours.close, closed: false }
    }),
  )
  ctx.db.transaction(() => {
    for (const row of rows) insertHoliday(ctx.db, row)
  })()
}
