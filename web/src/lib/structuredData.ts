import { venue } from './venue'

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/**
 * schema.org LocalBusiness data for both venues (SPEC §2: phone, opening hours daily 08:00-22:00).
 * `url` is relative: schema.org defines it as an IRI, resolved against the page's address.
 */
export function localBusinessData() {
  const address = {
    '@type': 'PostalAddress',
    streetAddress: venue.address.street,
    addressLocality: venue.address.locality,
    addressRegion: venue.address.region,
    postalCode: venue.address.postcode,
    addressCountry: venue.address.country,
  }
  const geo = { '@type': 'GeoCoordinates', latitude: venue.geo.latitude, longitude: venue.geo.longitude }
  const openingHoursSpecification = [{ '@type': 'OpeningHoursSpecification', dayOfWeek: EVERY_DAY, opens: '08:00', closes: '22:00' }]
  const common = { telephone: venue.phone, email: venue.email, address, geo, openingHoursSpecification, sameAs: [venue.instagramUrl] }
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Hotel',
      name: venue.hotelName,
      url: '/',
      image: '/images/hero-home.jpg',
      ...common,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BarOrPub',
      name: venue.barName,
      url: '/drink',
      image: '/images/tile-drink.jpg',
      ...common,
    },
  ]
}
