import { useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { STAFF_TOKEN_KEY } from '../storage-keys'
import { InstallButton } from './OfflineBanner'
import { telHref } from '../lib/venue'
import { logoOf, useVenue } from './venue'
import './footer.css'

/** Whether this browser holds a staff session: read after hydration (the built page says "Staff login") and again on every move, so a login or logout in this tab shows at once. */
function useSignedIn(): boolean {
  const [location] = useLocation()
  const [signedIn, setSignedIn] = useState(false)
  useEffect(() => {
    try {
      setSignedIn(Boolean(location) && localStorage.getItem(STAFF_TOKEN_KEY) !== null)
    } catch {
      setSignedIn(false)
    }
  }, [location])
  return signedIn
}

export function Footer() {
  const venue = useVenue()
  const signedIn = useSignedIn()
  const year = new Date().getFullYear()
  const { address } = venue
  return (
    // The first paint waits for this element (index.html's <link rel="expect">): the page above it is parsed by then.
    <footer className="site-footer" id="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <img src={logoOf(venue)} alt="" width={64} height={64} loading="lazy" />
          <p className="site-footer__names">
            <span>{venue.hotelName}</span>
            <span>&amp; {venue.barName}</span>
          </p>
        </div>
        <address className="site-footer__contact">
          <span>{address.street}</span>
          <span>{address.locality}</span>
          <span>{address.region}</span>
          <span>{address.postcode}</span>
          <a href={telHref(venue.phone)}>{venue.phone}</a>
          <a href={`mailto:${venue.email}`}>{venue.email}</a>
        </address>
        <nav className="site-footer__links" aria-label="Footer">
          <ul className="site-footer__list">
            <li>
              <Link href="/about">About us</Link>
            </li>
            <li>
              <Link href="/contact">Opening times &amp; contact</Link>
            </li>
            <li>
              <Link href="/around">Things to do nearby</Link>
            </li>
            <li>
              <a href={venue.instagramUrl} target="_blank" rel="noopener noreferrer">
                {venue.barName} on Instagram<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__base">
        <p>
          © {year} {venue.hotelName}
        </p>
        <InstallButton />
        <Link href={signedIn ? '/admin' : '/login'} className="site-footer__staff">
          {signedIn ? 'Staff area' : 'Staff login'}
        </Link>
      </div>
    </footer>
  )
}
