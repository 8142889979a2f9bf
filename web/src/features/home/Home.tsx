import { Link } from 'wouter'
import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { GiftCardBlock } from './GiftCardBlock'
import { MapSection } from './MapSection'
import { OpenStatus } from '../opening-times'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import { staticImageVariants } from '../../ui/staticImages'
import { useVenue } from '../../shell/venue'
import { PageHero, pageContentStore } from '../pages'
import { useResource } from '../../stores'
import { FormattedText } from '../../ui/FormattedText'
import type { PublicPage } from '../../api/types'
import './home.css'

const homeContent = pageContentStore('home')

/**
 * The tile photos are 4:3 and cover a tile 116% of its height (home.css): one full-width landscape
 * tile on a phone, three portrait tiles side by side from 760 px, where each is drawn about twice as
 * wide as the tile.
 */
const TILE_SIZES = '(min-width: 760px) min(66vw, 48rem), 116vw'

/** The home tiles staff wrote (title, text, picture, where it leads), in their order. */
function Tiles({ items }: { items: PublicPage['items'] }) {
  return (
    <ul className="container tiles">
      {items.map((tile, index) => (
        <FadeIn as="li" key={`${tile.title}|${tile.link}|${tile.picture}`} className="tiles__item" delay={index * 120}>
          <Link href={tile.link ?? '/'} className="tile">
            {tile.picture ? (
              <ResponsiveImage
                src={tile.picture}
                variants={staticImageVariants(tile.picture, 800, 600)}
                alt={tile.pictureDescription}
                width={800}
                height={600}
                sizes={TILE_SIZES}
                className="tile__image"
              />
            ) : null}
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
  )
}

export function Home() {
  const venue = useVenue()
  const { data: content } = useResource(homeContent)
  return (
    <main id="main" tabIndex={-1} className="home">
      <PageHero size="full" content={content} placeholder={{ title: venue.hotelName, picture: '/images/hero-home.jpg' }}>
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
      </PageHero>

      {content ? (
        <section className="section home-welcome">
          <div className="container container--narrow home-welcome__inner">
            <FormattedText tree={content.body} leadFirst />
          </div>
          <Tiles items={content.items} />
        </section>
      ) : null}

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
