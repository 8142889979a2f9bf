import { BookingWidget } from './BookingWidget'
import { FadeIn } from '../../ui/FadeIn'
import { Hero } from '../../ui/Hero'
import { RoomRotator } from './RoomRotator'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import '../../ui/pages.css'
import './stay.css'

const FEATURES = [
  { title: 'Five double rooms', text: 'Calm, comfortable rooms with king-size beds, most with views over the dale.' },
  { title: 'Two family rooms', text: 'Space for two adults and two children, with a double and a pair of singles.' },
  { title: 'Dogs welcome', text: 'Bring the whole family: beds, bowls and treats are waiting for four-legged guests.' },
  { title: 'Non-smoking', text: 'All rooms and indoor spaces are non-smoking, so everything stays fresh.' },
]

/** /stay: the rooms, a rotating room picture and the booking widget. */
export function Stay() {
  const venue = useVenue()
  return (
    <main id="main">
      <Hero
        title="Stay with us"
        intro={`Seven peaceful rooms at ${venue.hotelName}, with breakfast in the cafe and the Stables bar just across the yard.`}
        image={{ src: '/images/hero-stay.jpg', width: 1600, height: 1000, alt: 'Soft morning light over the dale' }}
      />
      <section className="section stay-rooms" aria-labelledby="rooms-heading">
        <div className="container stay-rooms__grid">
          <FadeIn>
            <span className="eyebrow">Our rooms</span>
            <h2 id="rooms-heading">Rest easy in the heart of the national park</h2>
            <p className="lead">
              We have five double rooms and 2 family rooms, each one individually furnished with local wool throws, deep mattresses and a tray of homemade
              biscuits.
            </p>
            <p>
              Wake to birdsong and the river, come down to a cooked breakfast, and spend the day on the fells with a flask filled at the cafe. Dogs are welcome
              in every room, and the whole house is non-smoking.
            </p>
            <ul className="stay-features">
              {FEATURES.map((feature) => (
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
            <span className="eyebrow">Check availability</span>
            <h2 id="book-heading">Book your room</h2>
            <p>
              Check availability and book online below, or if you would rather talk, call us on <a href={telHref(venue.phone)}>{venue.phone}</a>.
            </p>
          </div>
          <BookingWidget />
        </div>
      </section>
    </main>
  )
}
