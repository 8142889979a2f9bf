import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { FormattedText } from '../../ui/FormattedText'
import { PageHero, pageContentStore } from '../pages'
import { useResource } from '../../stores'
import { MenuLink } from '../menus'
import '../../ui/pages.css'

const eatContent = pageContentStore('eat')

/** /eat: the hotel's cafe. */
export function Eat() {
  const { data: content } = useResource(eatContent)
  return (
    <main id="main">
      <PageHero content={content} placeholder={{ title: 'Eat', picture: '/images/hero-eat.jpg' }} />
      <section className="section venue-intro">
        <div className="container venue-intro__grid">
          <FadeIn>
            <span className="eyebrow">Breakfast &amp; lunch</span>
            {content ? <FormattedText tree={content.body} leadFirst /> : null}
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
