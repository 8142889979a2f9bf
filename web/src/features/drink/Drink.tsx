import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { FormattedText } from '../../ui/FormattedText'
import { Eyebrow, PageHero, pageContentStore, pageWord, ServingTimes } from '../pages'
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
            <Eyebrow text={pageWord(content, 'eyebrow')} />
            {content ? <FormattedText tree={content.body} leadFirst /> : null}
            <div className="venue-intro__cta">
              <MenuLink businessId={1} />
            </div>
          </FadeIn>
          <FadeIn>
            <ServingTimes items={content?.items ?? []} />
          </FadeIn>
        </div>
      </section>
      <Gallery type="stables" heading={pageWord(content, 'galleryHeading')} />
      <ContactForm heading={pageWord(content, 'contactHeading')} intro={pageWord(content, 'contactIntro')} />
    </main>
  )
}
