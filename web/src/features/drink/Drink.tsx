import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { FormattedText } from '../../ui/FormattedText'
import { PageHero, pageContentStore } from '../pages'
import { useResource } from '../../stores'
import { MenuLink } from '../menus'
import { useVenue } from '../../shell/venue'
import '../../ui/pages.css'

const drinkContent = pageContentStore('drink')

/** /drink: the Stables bar. */
export function Drink() {
  const venue = useVenue()
  const { data: content } = useResource(drinkContent)
  return (
    <main id="main">
      <PageHero content={content} placeholder={{ title: venue.barName, picture: '/images/hero-drink.jpg' }} />
      <section className="section venue-intro">
        <div className="container venue-intro__grid">
          <FadeIn>
            <span className="eyebrow">Ales, fires &amp; pub grub</span>
            {content ? <FormattedText tree={content.body} leadFirst /> : null}
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
