import { Link } from 'wouter'
import { Hero } from '../../ui/Hero'
import { useVenue } from '../../shell/venue'
import '../../ui/info-pages.css'

export function About() {
  const venue = useVenue()
  return (
    <main id="main" tabIndex={-1} className="about">
      <Hero
        title="About us"
        eyebrow="Our story"
        intro="Two hundred years of muddy boots, good ale and long conversations."
        image={{ src: '/images/hero-drink.jpg', width: 1600, height: 1000, alt: 'The hills at sunset' }}
      />

      <article className="section">
        <div className="container container--narrow prose">
          <p className="lead">
            {venue.hotelName} began life as a drovers’ inn, a place for men bringing sheep over the tops to rest themselves and their dogs before the long
            descent to market. The stone walls are the same ones they leaned against; the welcome, we like to think, is just as warm.
          </p>
          <h2>The Stables</h2>
          <p>
            When the last of the carriage horses left, the old stable block across the yard stood quiet for the best part of a century. A few years ago we swept
            out the straw, kept the beams, the cobbles and the iron hay racks, and opened {venue.barName}: a proper country pub with a wood burner at each end
            and a row of hand pulls in between.
          </p>
          <p>
            We pour ales from small breweries within a morning’s drive, a handful of good ciders, and a gin made by a neighbour who will happily tell you about
            the juniper. Dogs have their own water bowls and, on a Friday, their own biscuits.
          </p>
          <blockquote className="prose__quote">
            <p>“The sort of pub you plan a whole walk around — and then don’t want to leave.”</p>
          </blockquote>
          <h2>The cafe and the rooms</h2>
          <p>
            In the main house the cafe opens early for walkers and cyclists, with breakfasts from eight, lunches from noon and a cake counter that rarely
            survives a sunny Sunday. Upstairs, seven rooms look out over the dale: five doubles and two family rooms, each a little different, all quiet, all
            non-smoking.
          </p>
          <h2>The people</h2>
          <p>
            We are a small team, most of us born within sight of the hill behind the house. Ask us about the best route up, where the curlews nest in spring or
            which bench catches the last of the evening sun — we will be glad to tell you.
          </p>
          <div className="prose__actions">
            <Link href="/stay" className="button">
              Stay with us
            </Link>
            <Link href="/contact" className="button button--ghost">
              Find us
            </Link>
          </div>
        </div>
      </article>
    </main>
  )
}
