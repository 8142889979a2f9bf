import { useEffect, useId, useState } from 'react'
import type { EventDeletedReply, VenueEvent } from '../../api/types'
import { formatEventDate } from '../../lib/eventDisplay'
import { hasServerMessage, mutate } from '../adminApi'
import { useAdminEvents } from '../stores'
import { AdminScreen, AdminSection, StatusMessage, type Status } from '../ui'
import { EventEditModal } from './EventEditModal'

export function ManageEvent() {
  const ids = useId()
  const list = useAdminEvents()
  const [editing, setEditing] = useState<VenueEvent | null>(null)
  const [status, setStatus] = useState<Status | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)
  const [now, setNow] = useState<number | null>(null)

  useEffect(() => {
    void useAdminEvents.getState().load()
    setNow(Date.now())
  }, [])

  const onDelete = async (event: VenueEvent) => {
    if (!window.confirm(`Delete the event "${event.title}"? It will be removed from the Events page.`)) return
    setDeleting(event.id)
    try {
      const reply = await mutate<EventDeletedReply>({ method: 'POST', path: '/api/delete-event', body: { id: event.id }, label: `Delete event: ${event.title}` })
      setStatus({ text: reply?.message || 'Event deleted.', tone: 'success' })
      await useAdminEvents.getState().load()
    } catch (error) {
      console.error('Event delete failed:', error)
      setStatus({ text: 'The event could not be deleted.', tone: 'error', detail: hasServerMessage(error) ? error.message : undefined })
    } finally {
      setDeleting(null)
    }
  }

  const events = list.data ?? []
  return (
    <AdminScreen title="Manage Events" intro="Every event, past and upcoming, soonest first. Times are the venue's (UK) time.">
      <AdminSection title="Events" id={`${ids}-list`}>
        <StatusMessage status={status} />
        {!list.data ? <p className="admin-loading">{list.status === 'error' ? 'The events could not be loaded.' : 'Loading events…'}</p> : null}
        {list.data && events.length === 0 ? <p className="admin-empty">There are no events yet.</p> : null}
        {events.length > 0 ? (
          <div className="admin-table-wrap admin-table-wrap--cards" role="region" aria-labelledby={`${ids}-list`} tabIndex={0}>
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
                {events.map((event) => {
                  const past = now !== null && new Date(event.start_datetime).getTime() < now
                  return (
                    <tr key={event.id} data-event-id={event.id} className={past ? 'is-past' : undefined}>
                      <td data-label="Image" className="admin-table__image">
                        {event.image_url ? (
                          <img src={event.image_url} alt="" width={event.image_width ?? 96} height={event.image_height ?? 72} loading="lazy" decoding="async" />
                        ) : (
                          <span className="admin-table__noimage">Image Not Available</span>
                        )}
                      </td>
                      <td data-label="Title" className="admin-table__title">
                        {event.title}
                        {past ? <span className="admin-badge admin-badge--muted">Past</span> : null}
                      </td>
                      <td data-label="Description" className="admin-table__description">
                        <div className="admin-clamp">{event.description}</div>
                      </td>
                      <td data-label="Start Date/Time">{formatEventDate(event.start_datetime)}</td>
                      <td data-label="Actions" className="admin-table__actions">
                        <button type="button" className="button button--small" onClick={() => setEditing(event)}>
                          Edit<span className="visually-hidden"> {event.title}</span>
                        </button>
                        <button type="button" className="button button--small button--danger" onClick={() => void onDelete(event)} disabled={deleting === event.id}>
                          {deleting === event.id ? 'Deleting…' : 'Delete'}
                          <span className="visually-hidden"> {event.title}</span>
                        </button>
                      </td>
                    </tr>
                  )
                })}
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
          onSaved={(_updated, message) => {
            setEditing(null)
            setStatus({ text: message, tone: 'success' })
            void useAdminEvents.getState().load()
          }}
        />
      ) : null}
    </AdminScreen>
  )
}
