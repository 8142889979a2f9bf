/**
 * schema.org data for search engines' rich results, as the server builds it from the data it serves
 * (api/src/shared/structured-data.ts): the properties Google requires for an Event (name, startDate,
 * location with address) and those it recommends, and for each LocalBusiness its name, address,
 * hours and menu. The served pages carry these blocks (web/e2e/served-current-data.test.ts).
 */
import { describe, expect, test } from 'bun:test'
import { demoVenue } from '../src/config'
import { eventStructuredData, localBusinessData, structuredDataScript, venueDateTimeWithOffset } from '../src/shared/structured-data'

const SITE = 'https://www.larkdale.example'
const folk = {
  title: 'Folk Music Evening',
  description: 'Fiddles by the fire.',
  start_datetime: '2026-12-05T20:00:00Z',
  image_url: '/files/abc.jpg',
  ticket_url: 'https://tickets.example.org/folk',
  contact_to_book: 0,
}

describe('Event', () => {
  test('required and recommended properties, the start with the venue offset, absolute image, offers', () => {
    const [data] = eventStructuredData([folk], { venue: demoVenue, siteUrl: SITE }) as Record<string, any>[]
    expect(data!['@context']).toBe('https://schema.org')
    expect(data!['@type']).toBe('Event')
    expect(data!.name).toBe('Folk Music Evening')
    expect(data!.startDate).toBe('2026-12-05T20:00:00+00:00')
    expect(data!.description).toBe('Fiddles by the fire.')
    expect(data!.image).toEqual([`${SITE}/files/abc.jpg`])
    expect(data!.eventStatus).toBe('https://schema.org/EventScheduled')
    expect(data!.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode')
    expect(data!.location['@type']).toBe('Place')
    expect(data!.location.name).toBe(demoVenue.hotelName)
    expect(data!.location.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: demoVenue.address.street,
      addressLocality: demoVenue.address.locality,
      postalCode: demoVenue.address.postcode,
      addressCountry: demoVenue.address.country,
    })
    expect(data!.offers).toEqual({ '@type': 'Offer', url: 'https://tickets.example.org/folk', availability: 'https://schema.org/InStock' })
  })

  test('summer time is +01:00; no offers without a ticket link or when booking is by contact; no image, no image', () => {
    expect(venueDateTimeWithOffset(new Date('2026-07-01T18:30:00Z'))).toBe('2026-07-01T19:30:00+01:00')
    expect(venueDateTimeWithOffset(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29T00:59:59+00:00')
    expect(venueDateTimeWithOffset(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T02:00:00+01:00')
    const [byContact, free] = eventStructuredData(
      [
        { ...folk, contact_to_book: 1 },
        { ...folk, ticket_url: null, image_url: null },
      ],
      { venue: demoVenue, siteUrl: SITE },
    ) as Record<string, any>[]
    expect(byContact!.offers).toBeUndefined()
    expect(free!.offers).toBeUndefined()
    expect(free!.image).toBeUndefined()
    expect(eventStructuredData([{ ...folk, start_datetime: 'nope' }], { venue: demoVenue, siteUrl: SITE })).toEqual([])
  })

  test('the block cannot close its script', () => {
    const script = structuredDataScript(eventStructuredData([{ ...folk, title: '</script><script>alert(1)</script>' }], { venue: demoVenue, siteUrl: SITE }))
    const json = /^<script[^>]*>([\s\S]*)<\/script>$/.exec(script)![1]!
    expect(json).not.toContain('<')
    expect(JSON.parse(json)[0].name).toBe('</script><script>alert(1)</script>')
  })
})

describe('LocalBusiness', () => {
  test('name, address, hours and hasMenu linking each venue’s menu page', () => {
    const days = { label: '', closed: false, hours: { open_time: '08:00', close_time: '22:00' } }
    const openingTimes = {
      monsal: { monday_to_friday: days, saturday: days, sunday: days },
      stables: { monday_to_tuesday: days, wednesday_to_friday: days, saturday: days, sunday: days },
    } as never
    const [hotel, bar] = localBusinessData({ venue: demoVenue, siteUrl: SITE, openingTimes, exceptions: [], today: '2026-06-01' }) as Record<string, any>[]
    for (const business of [hotel!, bar!]) {
      expect(typeof business.name).toBe('string')
      expect(business.address.streetAddress).toBe(demoVenue.address.street)
      expect(business.openingHoursSpecification.length).toBeGreaterThan(0)
    }
    expect(hotel!.hasMenu).toBe(`${SITE}/menu/menu2`)
    expect(bar!.hasMenu).toBe(`${SITE}/menu/menu1`)
  })
})
