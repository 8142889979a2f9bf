import { useId } from 'react'
import { useOnline } from '../../lib/hooks'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import './sections.css'

/**
 * The gift card block (its heading and text are the home page's words): a link to the third-party shop, or the phone number when offline. The shop opens
 * in a new tab, where the browser says if it does not answer; the page itself never contacts the shop.
 */
export function GiftCardBlock({ heading, text }: { heading: string; text: string }) {
  const venue = useVenue()
  const online = useOnline()
  const id = useId()
  return (
    <section className="giftcard" aria-labelledby={`${id}-heading`}>
      <div className="giftcard__inner">
        <p className="giftcard__eyebrow">Gift Cards</p>
        <h2 id={`${id}-heading`}>{heading || 'Gift Cards'}</h2>
        {text ? <p>{text}</p> : null}
        {online ? (
          <a className="giftcard__button" href={venue.giftCardUrl} target="_blank" rel="noopener noreferrer">
            Purchase a Gift Card<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <p className="giftcard__offline" role="status">
            Gift cards are sold online and need a connection. Call us on <a href={telHref(venue.phone)}>{venue.phone}</a> and we will arrange one for you.
          </p>
        )}
      </div>
    </section>
  )
}
