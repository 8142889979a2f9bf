import { ContactForm } from './ContactForm'
import { Hero } from '../../ui/Hero'
import { OpeningTimes, OpenStatus } from '../opening-times'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import '../../ui/info-pages.css'

export function Contact() {
  const venue = useVenue()
  const { address } = venue
  return (
    <main id="main" tabIndex={-1} className="contact">
      <Hero
        title="Contact & opening times"
        eyebrow="Get in touch"
        image={{ src: '/images/hero-contact.jpg', width: 1600, height: 1000, alt: `The front door of ${venue.hotelName}` }}
      >
        <div className="contact__status">
          <OpenStatus venue="hotel" />
          <OpenStatus venue="stables" />
        </div>
      </Hero>

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
      <ContactForm heading="Contact Us" intro="Send us a message and we will get back to you as soon as we can." />

      <div className="section">
        <div className="container">
          <OpeningTimes />
        </div>
      </div>
    </main>
  )
}
