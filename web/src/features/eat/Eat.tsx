import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { Hero } from '../../ui/Hero'
import { MenuLink } from '../menus'
import { useVenue } from '../../shell/venue'
import '../../ui/pages.css'

/** /eat: the hotel's cafe. */
export function Eat() {
  const venue = useVenue()
  return (
    <main id="main">
      <Hero
        title="The Cafe"
        intro={`Hearty breakfasts, homemade lunches and cake worth the walk, at ${venue.hotelName}.`}
        image={{ src: '/images/hero-eat.jpg', width: 1600, height: 1000, alt: 'Green hills under a clear morning sky' }}
      />
      <section className="section venue-intro" aria-labelledby="eat-intro-heading">
        <div className="container venue-intro__grid">
          <FadeIn>
            <span className="eyebrow">Breakfast &amp; lunch</span>
            <h2 id="eat-intro-heading">From first coffee to a late lunch</h2>
            <p className="lead">
              Whether you are setting out up the fell or coming down with muddy boots, our cafe is a warm, unhurried place to sit and refuel.
            </p>
            <p>
              We bake every morning and cook with what the dale does best: eggs from the farm up the lane, bacon and sausages from our butcher in the village,
              and bread and scones straight from our own oven. Dogs and walkers are always welcome.
            </p>
            <div className="venue-intro__cta">
              <MenuLink businessId={2} />
            </div>
          </FadeIn>
          <FadeIn>
            <ul className="serving-times" aria-label="When we serve food">
              <li className="serving-times__item">
                <span className="serving-times__label">Breakfast</span>
                <span className="serving-times__time">from 8am</span>
                <span className="serving-times__note">Full breakfasts, pancakes, porridge with local honey.</span>
              </li>
              <li className="serving-times__item">
                <span className="serving-times__label">Lunch</span>
                <span className="serving-times__time">from noon</span>
                <span className="serving-times__note">Soups, sandwiches, jacket potatoes and daily specials.</span>
              </li>
              <li className="serving-times__item">
                <span className="serving-times__label">Tea &amp; cake</span>
                <span className="serving-times__time">all day</span>
                <span className="serving-times__note">Scones, sponges and a proper pot of tea.</span>
              </li>
            </ul>
          </FadeIn>
        </div>
      </section>
      <Gallery type="cafe" heading="From the cafe" />
      <ContactForm />
    </main>
  )
}
