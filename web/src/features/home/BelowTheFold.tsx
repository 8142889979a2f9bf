import { Link } from 'wouter'
import type { PublicPage } from '../../api/types'
import { useResource } from '../../stores'
import { FadeIn } from '../../ui/FadeIn'
import { FormattedText } from '../../ui/FormattedText'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import { staticImageVariants } from '../../ui/staticImages'
import { ContactForm } from '../contact'
import { Gallery } from '../galleries'
import { pageWord } from '../pages'
import { homeContent } from './content'
import { GiftCardBlock } from './GiftCardBlock'
import { MapSection } from './MapSection'

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

/**
 * The home page below its first screen (the hero): the welcome and tiles, the gallery, the map, the gift
 * cards and the enquiry form. A chunk of its own (Home.tsx), so the JavaScript of the first render of /
 * is what the first screen needs. It reads the page's words itself, taking no props: an update from the
 * page above cannot reach it while it still waits for its code to hydrate.
 */
export function BelowTheFold() {
  const { data: content } = useResource(homeContent)
  return (
    <>
      {content ? (
        <section className="section home-welcome">
          <div className="container container--narrow home-welcome__inner">
            <FormattedText tree={content.body} leadFirst />
          </div>
          <Tiles items={content.items} />
        </section>
      ) : null}

      <Gallery type="generic" heading={pageWord(content, 'galleryHeading')} intro={pageWord(content, 'galleryIntro')} />

      <div className="section section--paper">
        <div className="container">
          <MapSection />
        </div>
      </div>

      <div className="section">
        <div className="container">
          <GiftCardBlock heading={pageWord(content, 'giftCardHeading')} text={pageWord(content, 'giftCardText')} />
        </div>
      </div>

      <ContactForm heading={pageWord(content, 'contactHeading')} intro={pageWord(content, 'contactIntro')} />
    </>
  )
}
