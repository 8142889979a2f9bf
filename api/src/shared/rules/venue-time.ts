// The venue's clock, imported by the API and the web app alike (no server imports).

/** Opening times, holidays and event starts are all in this zone, whatever the visitor's device says. */
export const VENUE_TIME_ZONE = 'Europe/London'

/** An en-GB formatter on the venue's clock; `options` says which parts it shows. */
export function venueFormatter(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIME_ZONE, ...options })
}

const partsFormatter = venueFormatter({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

export interface VenueWallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The venue's wall clock at an instant, as numbers (hour 0–23). */
export function venueParts(instant: Date): VenueWallClock {
  const parts: Record<string, string> = {}
  for (const part of partsFormatter.formatToParts(instant)) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines write midnight as 24 even with h23.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The venue's calendar date of an instant, YYYY-MM-DD. */
export function venueDateOf(parts: VenueWallClock): string {
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`
}

/** The venue's wall clock as a datetime-local value, YYYY-MM-DDTHH:MM. */
export function venueDateTimeOf(parts: VenueWallClock): string {
  return `${venueDateOf(parts)}T${pad(parts.hour)}:${pad(parts.minute)}`
}

const savedAtFormatter = venueFormatter({ weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true })

/** When a copy on this device was saved, e.g. 'Sat 5 Dec, 7:30 pm' (the offline notices say it). */
export function formatSavedAt(savedAt: number): string {
  return savedAtFormatter.format(new Date(savedAt))
}
