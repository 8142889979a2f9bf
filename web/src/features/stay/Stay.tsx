import { BookingWidget } from './BookingWidget'
import { FadeIn } from '../../ui/FadeIn'
import { FormattedText } from '../../ui/FormattedText'
import { Eyebrow, PageHero, pageContentStore, pageWord } from '../pages'
import { useResource } from '../../stores'
import { RoomRotator } from './RoomRotator'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import '../../ui/pages.css'
import './stay.css'

const stayContent = pageContentStore('stay')

/** /stay: the rooms, a rotating room picture and the booking widget. */
export function Stay() {
  const venue = useVenue()
  const { data: content } = useResource(stayContent)
  return (
    <main id="main">
      <PageHero content={content} placeholder={{ title: 'Stay', picture: '/images/hero-stay.jpg' }} />
      <section className="section stay-rooms">
        <div className="container stay-rooms__grid">
          <FadeIn>
            <Eyebrow text={pageWord(content, 'eyebrow')} />
            {content ? <FormattedText tree={content.body} leadFirst /> : null}
            <ul className="stay-features">
              {(content?.items ?? []).map((feature) => (
                <li key={feature.title} className="stay-features__item">
                  <span className="stay-features__title">{feature.title}</span>
                  <span className="stay-features__text">{feature.text}</span>
                </li>
              ))}
            </ul>
          </FadeIn>
          <RoomRotator />
        </div>
      </section>
      <section className="section section--paper stay-booking" id="book" aria-labelledby="book-heading">
        <div className="container">
          <div className="section-heading">
            <Eyebrow text={pageWord(content, 'bookingEyebrow')} />
            <h2 id="book-heading">{pageWord(content, 'bookingHeading') || 'Book'}</h2>
            <p>
              {pageWord(content, 'bookingText')} <a href={telHref(venue.phone)}>{venue.phone}</a>.
            </p>
          </div>
          <BookingWidget />
        </div>
      </section>
    </main>
  )
}
