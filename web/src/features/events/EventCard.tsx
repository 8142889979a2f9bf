import { useRef, useState } from 'react'
import type { VenueEvent } from '../../api/types'
import { downloadEventIcs } from './calendar'
import {
  CONTACT_TO_BOOK,
  eventBooking,
  eventDescription,
  eventImage,
  eventStart,
  eventTitle,
  formatEventDate,
  NO_TICKET_REQUIRED,
  type EventLike,
} from './eventDisplay'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import { ImageNotAvailable } from '../../ui/ImageNotAvailable'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import { ShareEventButton, useSharedEvent } from './ShareEvent'
import './events.css'

/** Full width on a phone; two fifths of the page container (72rem) beside the text from 760 px. */
const EVENT_IMAGE_SIZES = '(max-width: 759px) 100vw, (min-width: 1152px) 461px, 40vw'

/** One upcoming event: picture, title, date (venue time), description, how to book, add to calendar. */
export function EventCard({ event, headingLevel = 3 }: { event: EventLike | VenueEvent; headingLevel?: 2 | 3 }) {
  const venue = useVenue()
  const [imageFailed, setImageFailed] = useState(false)
  const title = eventTitle(event)
  const image = eventImage(event)
  const start = eventStart(event)
  const booking = eventBooking(event)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const card = useRef<HTMLElement>(null)
  const id = typeof event.id === 'number' ? event.id : undefined
  const shared = useSharedEvent(id, card)

  return (
    <article
      ref={card}
      id={id === undefined ? undefined : `event-${id}`}
      className={shared ? 'event-card event-card--shared' : 'event-card'}
      tabIndex={shared ? -1 : undefined}
    >
      <div className="event-card__media">
        {image && !imageFailed ? (
          <ResponsiveImage
            className="event-card__image"
            src={image.src}
            variants={event.image_variants}
            width={image.width}
            height={image.height}
            // Staff's description when they wrote one; else decorative: the title is the heading beside it.
            alt={event.alt_text ?? ''}
            sizes={EVENT_IMAGE_SIZES}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <ImageNotAvailable className="event-card__placeholder" />
        )}
      </div>
      <div className="event-card__body">
        <Heading className="event-card__title">{title}</Heading>
        <p className="event-card__date">
          {start ? <time dateTime={start.toISOString()}>{formatEventDate(event.start_datetime)}</time> : formatEventDate(event.start_datetime)}
        </p>
        <p className="event-card__description">{eventDescription(event)}</p>
        <div className="event-card__actions">
          {booking.kind === 'tickets' ? (
            <a className="button button--small" href={booking.url} target="_blank" rel="noopener noreferrer">
              Buy tickets<span className="visually-hidden"> for {title} (opens in a new tab)</span>
            </a>
          ) : booking.kind === 'contact' ? (
            <p className="event-card__booking">
              {CONTACT_TO_BOOK}{' '}
              <a className="event-card__call" href={telHref(venue.phone)}>
                Call {venue.phone}
              </a>
            </p>
          ) : (
            <p className="event-card__booking event-card__booking--free">{NO_TICKET_REQUIRED}</p>
          )}
          {start ? (
            <button
              type="button"
              className="button button--ghost button--small event-card__calendar"
              aria-label={`Add to calendar: ${title}`}
              onClick={() => downloadEventIcs(event, venue)}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 7h14v11H5V9zm6 2v3H8v2h3v3h2v-3h3v-2h-3v-3h-2z"
                />
              </svg>
              Add to calendar
            </button>
          ) : null}
          {id === undefined ? null : <ShareEventButton id={id} title={title} description={eventDescription(event)} />}
        </div>
      </div>
    </article>
  )
}
