import { ContactForm } from './ContactForm'
import { PageHero, pageContentStore, pageWord } from '../pages'
import { useResource } from '../../stores'
import { OpeningTimes, OpenStatus } from '../opening-times'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import '../../ui/info-pages.css'

const contactContent = pageContentStore('contact')

export function Contact() {
  const venue = useVenue()
  const { address } = venue
  const { data: content } = useResource(contactContent)
  return (
    <main id="main" tabIndex={-1} className="contact">
      <PageHero content={content} placeholder={{ title: 'Contact', picture: '/images/hero-contact.jpg' }}>
        <div className="contact__status">
          <OpenStatus venue="hotel" />
          <OpenStatus venue="stables" />
        </div>
      </PageHero>

      <div className="section contact__ways">
        <div className="container">
          <ul className="contact-cards" aria-label="How to reach us">
            <li className="contact-card">
              <p className="contact-card__title">Call</p>
              <a href={telHref(venue.phone)}>{venue.phone}</a>
            </li>
            <li className="contact-card">
              <p className="contact-card__title">Email</p>
              <a href={`mailto:${venue.email}`}>{venue.email}</a>
            </li>
            <li className="contact-card">
              <p className="contact-card__title">Find us</p>
              <address>
                {address.street}, {address.locality}, {address.postcode}
              </address>
            </li>
          </ul>
        </div>
      </div>
      <ContactForm heading="Contact Us" intro={pageWord(content, 'contactIntro')} />

      <div className="section">
        <div className="container">
          <OpeningTimes />
        </div>
      </div>
    </main>
  )
}
