import type { AppContext } from '../../context'
import { ukBankHolidays } from '../../seed/bank-holidays'
import { palettes, type Palette } from '../../seed/demo-images'
import { parseVenueDateTime, venueDate } from '../../shared/time'
import { EVENT_UPLOAD_IMAGE } from '../../shared/rules/uploads'
import { countEvents, insertEvent } from './store'

interface DemoEvent {
  title: string
  description: string
  /** Venue-local date and time. */
  date: string
  time: string
  image: { caption: string; palette: Palette; seed: number }
  ticketUrl: string | null
  contactToBook: boolean
}

const SUNDAY = 0
const THURSDAY = 4
const FRIDAY = 5
const SATURDAY = 6

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/**
 * The first given weekday (0 = Sunday) at least `minDaysAhead` days after `today` that is no bank
 * holiday: the demo's holiday hours shut or shorten the venues then (holidays/demo.ts), so an
 * ordinary evening event is held a week later instead.
 */
function nextWeekday(today: string, weekday: number, minDaysAhead: number): string {
  const from = addDays(today, minDaysAhead)
  const year = Number(from.slice(0, 4))
  const holidays = new Set([...ukBankHolidays(year), ...ukBankHolidays(year + 1)].map((holiday) => holiday.date))
  let date = addDays(from, (weekday - new Date(`${from}T00:00:00Z`).getUTCDay() + 7) % 7)
  while (holidays.has(date)) date = addDays(date, 7)
  return date
}

/** The next Christmas Day still to come, so the demo always shows it as upcoming. */
function nextChristmas(today: string): string {
  const year = Number(today.slice(0, 4))
  const thisYear = `${year}-12-25`
  return thisYear > today ? thisYear : `${year + 1}-12-25`
}

function demoEvents(ctx: AppContext): DemoEvent[] {
  const today = venueDate(ctx.now())
  const { barName } = ctx.venue()
  return [
    {
      title: 'Quiz Night in the Stables',
      description: `Teams of up to six battle it out over eight rounds of general knowledge, music and local lore in ${barName}. Free to enter, with a bar tab for the winners and a wooden spoon for last place.`,
      date: nextWeekday(today, THURSDAY, 1),
      time: '19:30',
      image: { caption: 'Quiz Night', palette: palettes.hearth, seed: 3 },
      ticketUrl: null,
      contactToBook: false,
    },
    {
      title: 'Folk Music Evening',
      description:
        'An evening of fiddle, guitar and song from musicians of the dales, by the fire. Doors at 7pm, music from 8pm until late. Seating is limited, so book ahead.',
      date: nextWeekday(today, SATURDAY, 10),
      time: '20:00',
      image: { caption: 'Folk Music Evening', palette: palettes.dusk, seed: 5 },
      ticketUrl: 'https://tickets.example.org/larkdale/folk-music-evening',
      contactToBook: false,
    },
    {
      title: 'Guided Dawn Walk',
      description:
        'Meet our ranger at the hotel door for a two-hour guided walk up to the ridge to watch the sun rise over the valley, returning for a hot drink. Bring sturdy boots and a warm layer.',
      date: nextWeekday(today, SUNDAY, 17),
      time: '06:30',
      image: { caption: 'Guided Dawn Walk', palette: palettes.dawn, seed: 7 },
      ticketUrl: null,
      contactToBook: false,
    },
    {
      title: 'Cheese and Ale Tasting',
      description:
        'Six local cheeses paired with six ales from breweries within twenty miles, introduced by the people who make them. Includes bread, chutneys and tasting notes to take home.',
      date: nextWeekday(today, FRIDAY, 24),
      time: '18:30',
      image: { caption: 'Cheese and Ale Tasting', palette: palettes.moss, seed: 9 },
      ticketUrl: 'https://tickets.example.org/larkdale/cheese-and-ale-tasting',
      contactToBook: false,
    },
    {
      // In the bar: the demo's exception hours shut the hotel on Christmas Day and open the bar 12:00–16:00 (holidays/demo.ts).
      title: 'Christmas Lunch',
      description: `Celebrate Christmas Day in ${barName} with a four-course lunch by the fire: roast turkey with all the trimmings, a vegetarian wellington, and Christmas pudding with brandy sauce. Places are limited; please contact us to book.`,
      date: nextChristmas(today),
      time: '13:00',
      image: { caption: 'Christmas Lunch', palette: palettes.night, seed: 11 },
      ticketUrl: null,
      contactToBook: true,
    },
  ]
}

/** Demo content for the fictional venue; adds nothing when the table already has rows. */
export async function seedEvents(ctx: AppContext): Promise<void> {
  if (countEvents(ctx.db) > 0) return
  // Drawn and stored in parallel, as the other demo pictures are, to keep a first start quick.
  const prepared = await Promise.all(
    demoEvents(ctx).map(async (event) => {
      const bytes = await ctx.worker.run('demoImage', {
        caption: event.image.caption,
        palette: event.image.palette,
        width: 1200,
        height: 750,
        seed: event.image.seed,
      })
      const image = await ctx.files.save(bytes, { label: 'Event image', accept: ['image/jpeg'], maxBytes: EVENT_UPLOAD_IMAGE.maxBytes })
      return { event, image: image.name }
    }),
  )
  ctx.db.transaction(() => {
    for (const { event, image } of prepared) {
      insertEvent(ctx.db, {
        title: event.title,
        description: event.description,
        startDatetime: parseVenueDateTime(`${event.date}T${event.time}`)!,
        image,
        ticketUrl: event.ticketUrl,
        contactToBook: event.contactToBook,
      })
    }
  })()
}
