import { Link } from 'wouter'
import { lazyPart } from '../../shell/lazyPart'
import { OpenStatus } from '../opening-times'
import { useVenue } from '../../shell/venue'
import { PageHero } from '../pages'
import { homeContent } from './content'
import { useResource } from '../../stores'
import './home.css'

/** The sections below the first screen, a chunk the page's HTML does not load (shell/lazyPart.ts). */
export const HomeBelowTheFold = lazyPart(() => import('./BelowTheFold').then((module) => module.BelowTheFold))

export function Home() {
  const venue = useVenue()
  const { data: content } = useResource(homeContent)
  return (
    <main id="main" tabIndex={-1} className="home">
      <PageHero size="full" content={content} placeholder={{ title: venue.hotelName, picture: '/images/hero-home.jpg' }}>
        <div className="home__status">
          <OpenStatus venue="hotel" />
          <OpenStatus venue="stables" />
        </div>
        <div className="home__actions">
          <Link href="/stay" className="button button--light">
            Book a room
          </Link>
          <Link href="/contact" className="button button--outline-light">
            Opening times
          </Link>
        </div>
      </PageHero>

      <HomeBelowTheFold />
    </main>
  )
}
