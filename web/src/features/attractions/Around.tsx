import { FormattedText } from '../../ui/FormattedText'
import { Eyebrow, PageHero, pageContentStore, pageWord } from '../pages'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import { useAttractions } from './store'
import { useResource } from '../../stores'
import '../../ui/pages.css'
import { Unavailable } from '../../ui/Unavailable'

/** One column on a phone, two from 680 px, three from 1080 px in a page container at most 72rem wide. */
const PLACE_IMAGE_SIZES = '(max-width: 679px) 100vw, (max-width: 1079px) 50vw, 384px'

const aroundContent = pageContentStore('around')

/** /around: places to visit nearby, each with a link to its own site. */
export function Around() {
  const { data: places, status } = useResource(useAttractions)
  const { data: content } = useResource(aroundContent)

  return (
    <main id="main">
      <PageHero content={content} placeholder={{ title: 'Around', picture: '/images/hero-around.jpg' }} />
      <section className="section around">
        <div className="container">
          <div className="section-heading">
            <Eyebrow text={pageWord(content, 'eyebrow')} />
            {content ? <FormattedText tree={content.body} /> : null}
          </div>
          {/* A saved copy on screen is announced once, for the whole page, by the offline banner. */}
          {places === null ? (
            status === 'error' ? (
              <Unavailable what="The places to visit" className="around__empty" />
            ) : (
              <p className="around__empty" role="status">
                Loading places to visit…
              </p>
            )
          ) : places.length === 0 ? (
            <p className="around__empty">We are putting together our favourite places nearby. Ask us for tips when you arrive.</p>
          ) : (
            <ul className="place-grid">
              {places.map((place) => (
                <li key={place.id} className="place-card">
                  <ResponsiveImage
                    className="place-card__image"
                    src={place.imageUrl}
                    variants={place.image_variants}
                    width={place.width}
                    height={place.height}
                    // Staff's description when they wrote one; else decorative: the place's name is the heading beside it.
                    alt={place.alt_text ?? ''}
                    sizes={PLACE_IMAGE_SIZES}
                  />
                  <div className="place-card__body">
                    <h3 className="place-card__title">{place.name}</h3>
                    <p className="place-card__text">{place.description}</p>
                    <a className="place-card__link" href={place.url} target="_blank" rel="noopener noreferrer">
                      Visit<span className="visually-hidden"> {place.name} (opens in a new tab)</span>
                      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                        <path
                          fill="currentColor"
                          d="M14 3v2h3.6l-9.3 9.3 1.4 1.4L19 6.4V10h2V3h-7zM5 5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6h-2v6H5V7h6V5H5z"
                        />
                      </svg>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </main>
  )
}
