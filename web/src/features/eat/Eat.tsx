import { ContactForm } from '../contact'
import { FadeIn } from '../../ui/FadeIn'
import { Gallery } from '../galleries'
import { FormattedText } from '../../ui/FormattedText'
import { Eyebrow, PageHero, pageContentStore, pageWord, ServingTimes } from '../pages'
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
            <Eyebrow text={pageWord(content, 'eyebrow')} />
            {content ? <FormattedText tree={content.body} leadFirst /> : null}
            <div className="venue-intro__cta">
              <MenuLink businessId={2} />
            </div>
          </FadeIn>
          <FadeIn>
            <ServingTimes items={content?.items ?? []} />
          </FadeIn>
        </div>
      </section>
      <Gallery type="cafe" heading={pageWord(content, 'galleryHeading')} />
      <ContactForm heading={pageWord(content, 'contactHeading')} intro={pageWord(content, 'contactIntro')} />
    </main>
  )
}
