import { Link } from 'wouter'
import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { GiftCardBlock } from './GiftCardBlock'
import { Hero } from '../../ui/Hero'
import { MapSection } from './MapSection'
import { OpenStatus } from '../opening-times'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import { staticImageVariants } from '../../ui/staticImages'
import { useVenue } from '../../shell/venue'
import type { VenueNames } from '../../../../api/src/shared/rules/venues'
import './home.css'

const tilesOf = (venue: VenueNames) => [
  {
    href: '/drink',
    title: 'Drink',
    image: '/images/tile-drink.jpg',
    alt: 'Pints of local ale on the bar of the Stables',
    text: `Local ales, a good fire and muddy boots welcome in ${venue.barName}.`,
  },
  {
    href: '/eat',
    title: 'Eat',
    image: '/images/tile-eat.jpg',
    alt: 'A full breakfast and coffee on a table in the cafe',
    text: 'Breakfast from 8am, lunch from noon, and cake whenever you need it.',
  },
  {
    href: '/stay',
    title: 'Stay',
    image: '/images/tile-stay.jpg',
    alt: 'A double bedroom with a view over the dale',
    text: 'Seven quiet rooms with views of the hills. Dogs very welcome.',
  },
]

/**
 * The tile photos are 4:3 and cover a tile 116% of its height (home.css): one full-width landscape
 * tile on a phone, three portrait tiles side by side from 760 px, where each is drawn about twice as
 * wide as the tile.
 */
const TILE_SIZES = '(min-width: 760px) min(66vw, 48rem), 116vw'

export function Home() {
  const venue = useVenue()
  return (
    <main id="main" tabIndex={-1} className="home">
      <Hero
        size="full"
        title={venue.hotelName}
        eyebrow={`Hotel · Cafe · ${venue.barName.replace(/ bar$/i, '')}`}
        image={{ src: '/images/hero-home.jpg', width: 1600, height: 1000, alt: `The dale around ${venue.hotelName} in morning light` }}
        intro={`A stone-built inn at the head of the dale, with rooms, a cafe serving breakfast and lunch, and ${venue.barName} for a pint after the walk. Right in the heart of the national park.`}
      >
        <div className="home__status">
          <OpenStatus venue="hotel" />
          <OpenStatus venue="stables" />
        </div>
        <div className="home__actions">
          <Link href="/stay" className="button button--light">
            Book a room
          </Link>
          <Link href="/contact" className="button button--outline-light">
            Opening times
          </Link>
        </div>
      </Hero>

      <section className="section home-welcome" aria-labelledby="home-welcome-heading">
        <div className="container container--narrow home-welcome__inner">
          <span className="eyebrow">Welcome</span>
          <h2 id="home-welcome-heading">Walk in from the hills, stay for the evening</h2>
          <p className="lead">
            Whether you are passing through on the long-distance path, meeting friends for Sunday lunch or settling in for a few nights, there is a table, a
            fire and a warm welcome waiting for you.
          </p>
        </div>
        <ul className="container tiles">
          {tilesOf(venue).map((tile, index) => (
            <FadeIn as="li" key={tile.href} className="tiles__item" delay={index * 120}>
              <Link href={tile.href} className="tile">
                <ResponsiveImage
                  src={tile.image}
                  variants={staticImageVariants(tile.image, 800, 600)}
                  alt={tile.alt}
                  width={800}
                  height={600}
                  sizes={TILE_SIZES}
                  className="tile__image"
                />
                <div className="tile__body">
                  <h3 className="tile__title">{tile.title}</h3>
                  <p className="tile__text">{tile.text}</p>
                  <span className="tile__more" aria-hidden="true">
                    Discover →
                  </span>
                </div>
              </Link>
            </FadeIn>
          ))}
        </ul>
      </section>

      <Gallery type="generic" heading="Life in the dale" intro="Mornings on the fells, evenings by the fire." />

      <div className="section section--paper">
        <div className="container">
          <MapSection />
        </div>
      </div>

      <div className="section">
        <div className="container">
          <GiftCardBlock />
        </div>
      </div>

      <ContactForm heading="Send us a message" intro="Questions about rooms, tables, dogs or directions — we usually reply the same day." />
    </main>
  )
}
