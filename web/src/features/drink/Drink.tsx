import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { Hero } from '../../ui/Hero'
import { MenuLink } from '../menus'
import { useVenue } from '../../shell/venue'
import '../../ui/pages.css'

/** /drink: the Stables bar. */
export function Drink() {
  const venue = useVenue()
  return (
    <main id="main">
      <Hero
        title={venue.barName}
        intro="Local ales, a crackling log fire and honest pub grub in our old stone stables."
        image={{ src: '/images/hero-drink.jpg', width: 1600, height: 1000, alt: 'The hills at sunset' }}
      />
      <section className="section venue-intro" aria-labelledby="drink-intro-heading">
        <div className="container venue-intro__grid">
          <FadeIn>
            <span className="eyebrow">Ales, fires &amp; pub grub</span>
            <h2 id="drink-intro-heading">A proper country pub</h2>
            <p className="lead">Once home to the farm's working horses, the Stables is now where walkers, cyclists and villagers gather around the fire.</p>
            <p>
              Expect cask ales from breweries just over the hill, a good cider or two, and a bar that knows its way around a gin and tonic. Muddy boots and
              well-behaved dogs are more than welcome, and there is always a bowl of water by the door.
            </p>
            <div className="venue-intro__cta">
              <MenuLink businessId={1} />
            </div>
          </FadeIn>
          <FadeIn>
            <ul className="serving-times" aria-label="When we serve food">
              <li className="serving-times__item">
                <span className="serving-times__label">Breakfast</span>
                <span className="serving-times__time">from 8am</span>
                <span className="serving-times__note">Bacon rolls and coffee for early starters.</span>
              </li>
              <li className="serving-times__item">
                <span className="serving-times__label">Pub grub</span>
                <span className="serving-times__time">from noon</span>
                <span className="serving-times__note">Fish &amp; chips, steak &amp; ale pie, burgers and ploughman's.</span>
              </li>
              <li className="serving-times__item">
                <span className="serving-times__label">The bar</span>
                <span className="serving-times__time">until late</span>
                <span className="serving-times__note">Local ales, ciders and a fire in the hearth.</span>
              </li>
            </ul>
          </FadeIn>
        </div>
      </section>
      <Gallery type="stables" heading={`Inside ${venue.barName}`} />
      <ContactForm />
    </main>
  )
}
