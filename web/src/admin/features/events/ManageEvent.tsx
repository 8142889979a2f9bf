import { useEffect, useId, useMemo, useState } from 'react'
import type { EventDeletedReply } from '../../../api/types'
import { formatEventDate } from '../../../features/events/eventDisplay'
import { NoDescriptionBadge } from '../../shell/altText'
import { failureStatus, mutate } from '../../adminApi'
import { PendingBadge, usePending } from '../../shell/pending'
import { mergeEvents, type DisplayEvent } from './changes'
import { useAdminEvents } from './store'
import { useResource } from '../../../stores'
import { AdminScreen, AdminSection, StatusMessage } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import { EventEditModal } from './EventEditModal'
import '../../styles/staff'
import './events.css'
import { focusFollowsList } from '../../shell/listFocus'

interface EventRowProps {
  event: DisplayEvent
  /** The time past events are told by; null until the screen has mounted. */
  now: number | null
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}

/** One event in the table: past, waiting to be sent or deleted, each shown on the row. */
function EventRow({ event, now, deleting, onEdit, onDelete }: EventRowProps) {
  const past = now !== null && new Date(event.start_datetime).getTime() < now
  const deleted = event.pending?.op === 'delete'
  const classes = [past ? 'is-past' : '', event.pending ? 'is-pending' : '', deleted ? 'is-deleted' : ''].filter(Boolean).join(' ')
  return (
    <tr data-event-id={event.id} data-pending={event.pending?.state} className={classes || undefined}>
      <td className="admin-table__image">
        {event.image_url ? (
          <>
            <img
              src={event.image_url}
              alt={event.alt_text ?? ''}
              width={event.image_width ?? 96}
              height={event.image_height ?? 72}
              loading="lazy"
              decoding="async"
            />
            {event.alt_text ? null : <NoDescriptionBadge />}
          </>
        ) : (
          <span className="admin-table__noimage">Image Not Available</span>
        )}
      </td>
      <td data-label="Title" className="admin-table__title">
        {event.title}
        {past ? <span className="admin-badge admin-badge--muted">Past</span> : null}
        <PendingBadge mark={event.pending} />
      </td>
      <td data-label="Description" className="admin-table__description">
        <div className="admin-clamp">{event.description}</div>
      </td>
      <td data-label="Start Date/Time">{formatEventDate(event.start_datetime)}</td>
      <td className="admin-table__actions">
        <button type="button" className="button button--small" onClick={onEdit} disabled={deleted}>
          Edit<span className="visually-hidden"> {event.title}</span>
        </button>
        <button type="button" className="button button--small button--danger" onClick={focusFollowsList(() => onDelete())} disabled={deleting || deleted}>
          {deleting ? 'Deleting…' : 'Delete'}
          <span className="visually-hidden"> {event.title}</span>
        </button>
      </td>
    </tr>
  )
}

export function ManageEvent() {
  const ids = useId()
  const list = useResource(useAdminEvents)
  const pending = usePending('event')
  const [editing, setEditing] = useState<DisplayEvent | null>(null)
  const rowDelete = useRowDelete<number | string>()
  const { status, setStatus, busy: deleting } = rowDelete
  const [now, setNow] = useState<number | null>(null)

  useEffect(() => setNow(Date.now()), [])

  const onDelete = (event: DisplayEvent) =>
    rowDelete.run({
      key: event.id,
      question: `Delete the event "${event.title}"? It will be removed from the Events page.`,
      send: () =>
        mutate<EventDeletedReply>({
          method: 'POST',
          path: '/api/delete-event',
          body: { id: event.id },
          label: `Delete event: ${event.title}`,
          record: `event:${event.id}`,
          meta: { kind: 'event', op: 'delete', id: event.id },
        }),
      done: (reply) => ({ text: reply?.message || 'Event deleted.', tone: 'success' }),
      failed: (error) => failureStatus(error, 'The event could not be deleted.', 'Event delete'),
      reload: () => useAdminEvents.getState().load(),
    })

  const events = useMemo(() => mergeEvents(list.data ?? [], pending), [list.data, pending])
  return (
    <AdminScreen title="Manage Events" intro="Every event, past and upcoming, soonest first. Times are the venue's (UK) time.">
      <AdminSection title="Events" id={`${ids}-list`}>
        <StatusMessage status={status} />
        {!list.data ? <p className="admin-loading">{list.status === 'error' ? 'The events could not be loaded.' : 'Loading events…'}</p> : null}
        {list.fromCache ? <p className="admin-form__note">Offline: showing the events as last loaded on this device.</p> : null}
        {list.data && events.length === 0 ? <p className="admin-empty">There are no events yet.</p> : null}
        {events.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in this labelled region, which must take keyboard focus to scroll
          <div className="admin-table-wrap admin-table-wrap--cards admin-reflow" role="region" aria-label="Events table" tabIndex={0}>
            <table className="admin-table admin-table--events">
              <thead>
                <tr>
                  <th scope="col">Image</th>
                  <th scope="col">Title</th>
                  <th scope="col">Description</th>
                  <th scope="col">Start Date/Time</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <EventRow
                    key={event.id}
                    event={event}
                    now={now}
                    deleting={deleting === event.id}
                    onEdit={() => setEditing(event)}
                    onDelete={() => void onDelete(event)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </AdminSection>
      {editing ? (
        <EventEditModal
          key={editing.id}
          event={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setStatus(saved)
          }}
        />
      ) : null}
    </AdminScreen>
  )
}
