/** England and Wales bank holidays by the usual rules: what the demo seeds plan around (holiday hours, events). */

export interface BankHoliday {
  date: string
  name: string
}

const iso = (d: Date) => d.toISOString().slice(0, 10)
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day))
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000)
const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6

/** Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): Date {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return utcDay(year, month, day)
}

/** The first (nth = 1) or last (nth = -1) Monday of a month. */
function monday(year: number, month: number, nth: 1 | -1): Date {
  if (nth === 1) {
    const first = utcDay(year, month, 1)
    return addDays(first, (8 - first.getUTCDay()) % 7)
  }
  const last = utcDay(year, month + 1, 0)
  return addDays(last, -((last.getUTCDay() + 6) % 7))
}

/**
 * England and Wales bank holidays of a year by the usual rules. A fixed day on a weekend moves to
 * the next weekday not already a holiday, which gives the familiar substitutes (Boxing Day on a
 * Saturday is the following Monday; Christmas on a Saturday is the Monday and Boxing Day the Tuesday).
 * One-off proclaimed holidays (coronations, jubilees) are not predictable and not included.
 */
export function ukBankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year)
  const moving: [Date, string][] = [
    [addDays(easter, -2), 'Good Friday'],
    [addDays(easter, 1), 'Easter Monday'],
    [monday(year, 5, 1), 'Early May bank holiday'],
    [monday(year, 5, -1), 'Spring bank holiday'],
    [monday(year, 8, -1), 'Summer bank holiday'],
  ]
  const fixed: [Date, string][] = [
    [utcDay(year, 1, 1), "New Year's Day"],
    [utcDay(year, 12, 25), 'Christmas Day'],
    [utcDay(year, 12, 26), 'Boxing Day'],
  ]
  const days = [...moving, ...fixed.filter(([d]) => !isWeekend(d))]
  const taken = new Set(days.map(([d]) => iso(d)))
  for (const [date, name] of fixed.filter(([d]) => isWeekend(d))) {
    let substitute = date
    while (isWeekend(substitute) || taken.has(iso(substitute))) substitute = addDays(substitute, 1)
    taken.add(iso(substitute))
    days.push([substitute, `${name} (substitute day)`])
  }
  return days.map(([d, name]) => ({ date: iso(d), name })).sort((x, y) => x.date.localeCompare(y.date))
}

/** The next `count` bank holidays strictly after the given venue date. */
export function nextBankHolidays(afterDate: string, count: number): BankHoliday[] {
  const year = Number(afterDate.slice(0, 4))
  return [...ukBankHolidays(year), ...ukBankHolidays(year + 1)].filter((h) => h.date > afterDate).slice(0, count)
}
