import { discard, type OutboxEntry } from '../../adminApi'
import { PendingBadge, useEntryImages } from '../../shell/pending'
import { categoryName } from '../../../../../api/src/shared/rules/galleries'

/** Pictures of an upload still on this device (shown after the gallery's, where they will land), from the bytes it keeps; it can be cancelled until it is sent. */
export function QueuedThumbs({ entry, category }: { entry: OutboxEntry; category: string }) {
  const urls = useEntryImages(entry, 'images')
  const mark = { entryId: entry.id, state: entry.state, op: 'create' as const }
  return (
    <>
      {urls.map((url, index) => (
        <li key={url} className="admin-thumb is-pending" data-pending={entry.state} data-queued-upload={entry.id}>
          <img src={url} alt={`New ${categoryName(category)} image ${index + 1} (not uploaded yet)`} width={200} height={150} decoding="async" />
          <span className="admin-thumb__badge">
            <PendingBadge mark={mark} />
          </span>
          {index === 0 && entry.state !== 'sending' ? (
            <div className="admin-thumb__body">
              <div className="admin-thumb__actions">
                <button
                  type="button"
                  className="admin-thumb__button admin-thumb__delete"
                  onClick={() => void discard(entry.id)}
                  aria-label={`Cancel the upload of ${urls.length} image(s) to ${categoryName(category)}`}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : null}
        </li>
      ))}
    </>
  )
}
