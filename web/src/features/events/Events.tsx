import { useMemo } from 'react'
import { EventCard } from './EventCard'
import { Gallery } from '../galleries'
import { Eyebrow, PageHero, pageContentStore, pageWord } from '../pages'
import { useMounted } from '../../lib/hooks'
import { NO_UPCOMING_EVENTS, upcomingEvents } from './eventDisplay'
import { useEvents } from './store'
import { pageRenderedAt, useResource } from '../../stores'
import './events.css'
import '../../ui/pages.css'
import { Unavailable } from '../../ui/Unavailable'

const eventsContent = pageContentStore('events')

/** /events: its hero as staff wrote it, pictures from past events, then every upcoming event, soonest first. */
export function Events() {
  const { data: events, status } = useResource(useEvents)
  const { data: content } = useResource(eventsContent)
  const mounted = useMounted()
  // A copy saved days ago may hold events that have since happened. Until mounted, on the clock the
  // page was rendered at (the server's), so hydration finds the same list.
  const upcoming = useMemo(() => (events ? upcomingEvents(events, mounted ? new Date() : (pageRenderedAt() ?? new Date())) : null), [events, mounted])

  return (
    <main id="main">
      <PageHero content={content} placeholder={{ title: "What's on", picture: '/images/hero-events.jpg' }} />
      <Gallery type="events" heading={pageWord(content, 'galleryHeading')} className="gallery--past-events" />
      <section className="section events" aria-labelledby="events-heading">
        <div className="container">
          <div className="section-heading">
            <Eyebrow text={pageWord(content, 'eyebrow')} />
            <h2 id="events-heading">Events We Are Running</h2>
          </div>
          {/* A saved copy on screen is announced once, for the whole page, by the offline banner. */}
          {upcoming === null ? (
            status === 'error' ? (
              <Unavailable what="The events" className="events__empty" />
            ) : (
              <p className="events__empty" role="status">
                Loading events…
              </p>
            )
          ) : upcoming.length === 0 ? (
            <p className="events__empty">{NO_UPCOMING_EVENTS}</p>
          ) : (
            <ol className="event-list" aria-label="Upcoming events, soonest first">
              {upcoming.map((event, index) => (
                <li key={event.id ?? index}>
                  <EventCard event={event} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </main>
  )
}
