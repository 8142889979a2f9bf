/** The demo content agrees with itself: no demo event is held where the demo's holiday hours say the venue is shut. */
import { expect, test } from 'bun:test'
import { venueDateTimeOf, venueParts } from '../src/shared/rules/venue-time'
import { jsonOf, makeTestApp } from './helpers'

test('a demo event on a bank holiday is held in a venue it names, open at that time that day; it names no venue closed that day', async () => {
  // 1 December: Christmas Day is one of the next two bank holidays, so both demo seeds cover it.
  const demo = await makeTestApp({ seedDemo: true, now: () => new Date('2026-12-01T12:00:00Z') })
  try {
    const { hotelName, barName } = demo.ctx.venue()
    const names = { hotel: hotelName, stables: barName } as Record<string, string>
    const holidays = await jsonOf<any[]>(await demo.call('GET', '/api/bank-holiday-exceptions'))
    const events = await jsonOf<any[]>(await demo.call('GET', '/api/events'))
    let onHolidays = 0
    for (const event of events) {
      const [date, time] = venueDateTimeOf(venueParts(new Date(event.start_datetime))).split('T') as [string, string]
      const that = holidays.filter((h) => h.holiday_date === date)
      if (that.length === 0) continue
      onHolidays++
      const text = `${event.title} ${event.description}`
      for (const h of that.filter((h) => h.closed)) expect(`${event.title}: ${text.includes(names[h.venue]!)}`).toBe(`${event.title}: false`)
      const hosts = that.filter((h) => !h.closed && text.includes(names[h.venue]!))
      expect(hosts.map((h) => h.open_time <= time && time < h.close_time)).toContain(true)
    }
    expect(onHolidays).toBeGreaterThan(0)
  } finally {
    demo.close()
  }
}, 60_000)
