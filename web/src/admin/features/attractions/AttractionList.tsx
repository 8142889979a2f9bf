import type { DeleteAttractionReply } from '../../../api/types'
import { failureStatus, mutate } from '../../adminApi'
import { NoDescriptionBadge } from '../../shell/altText'
import { PendingBadge, useEntryImages } from '../../shell/pending'
import { StatusMessage } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import type { AttractionMeta, DisplayAttraction } from './changes'
import { DELETE_ERROR, FETCH_ERROR, NO_LOCATIONS } from './messages'
import { useAdminAttractions } from './store'
import '../../styles/staff'
import './attractions.css'
import { focusFollowsList } from '../../shell/listFocus'

/** Every attraction, with its picture and a Delete button. */
export function AttractionList({ attractions, loading, failed }: { attractions: DisplayAttraction[]; loading: boolean; failed: boolean }) {
  const rowDelete = useRowDelete<number | string>()
  const { status, busy: deleting } = rowDelete

  const onDelete = (attraction: DisplayAttraction) =>
    rowDelete.run({
      key: attraction.id,
      question: `Delete ${attraction.name}? It will no longer appear on the Nearby page.`,
      send: () =>
        mutate<DeleteAttractionReply>({
          method: 'DELETE',
          path: `/api/delete-around/${attraction.id}`,
          label: `Delete attraction ${attraction.name}`,
          record: `attraction:${attraction.id}`,
          meta: { kind: 'attraction', op: 'delete', id: attraction.id } satisfies AttractionMeta,
        }),
      done: () => ({ text: `${attraction.name} deleted.`, tone: 'success' }),
      failed: (error) => failureStatus(error, DELETE_ERROR, 'Attraction delete'),
      reload: () => useAdminAttractions.getState().load(),
    })

  return (
    <>
      <StatusMessage status={status} />
      {failed ? <p className="admin-status admin-status--error admin-status--block">{FETCH_ERROR}</p> : null}
      {loading ? <p className="admin-loading">Loading attractions…</p> : null}
      {!loading && !failed && attractions.length === 0 ? <p className="admin-empty">{NO_LOCATIONS}</p> : null}
      {attractions.length > 0 ? (
        <ul className="admin-rows">
          {attractions.map((attraction) => (
            <AttractionRow key={attraction.id} attraction={attraction} deleting={deleting === attraction.id} onDelete={() => void onDelete(attraction)} />
          ))}
        </ul>
      ) : null}
    </>
  )
}

function AttractionRow({ attraction, deleting, onDelete }: { attraction: DisplayAttraction; deleting: boolean; onDelete(): void }) {
  // A place added on this device shows the picture it keeps until the server's copy exists.
  const [queuedImage] = useEntryImages(attraction.imageEntry, 'image')
  const src = attraction.imageUrl || queuedImage
  const deleted = attraction.pending?.op === 'delete'
  return (
    <li
      className={`admin-row admin-row--media${attraction.pending ? ' is-pending' : ''}${deleted ? ' is-deleted' : ''}`}
      data-attraction-id={attraction.id}
      data-pending={attraction.pending?.state}
    >
      {src ? (
        <img className="admin-row__image" src={src} alt={attraction.alt_text ?? ''} width={96} height={72} loading="lazy" decoding="async" />
      ) : (
        <span className="admin-row__image admin-row__image--empty" aria-hidden="true" />
      )}
      <div className="admin-row__body">
        <p className="admin-row__title">
          {attraction.name}
          <PendingBadge mark={attraction.pending} />
          {attraction.alt_text ? null : <NoDescriptionBadge />}
        </p>
        <a className="admin-row__meta" href={attraction.url} target="_blank" rel="noreferrer">
          {attraction.url}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      <button type="button" className="button button--small button--danger" onClick={focusFollowsList(() => onDelete())} disabled={deleting || deleted}>
        {deleting ? 'Deleting…' : 'Delete'}
        <span className="visually-hidden"> {attraction.name}</span>
      </button>
    </li>
  )
}
