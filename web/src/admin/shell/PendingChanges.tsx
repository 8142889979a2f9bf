/**
 * Pending changes: every change still on this device, oldest first, with its state (waiting, sending,
 * failed with the server's reason, conflict). Failed ones can be retried or discarded; a conflict
 * merged field by field asks only about the fields changed on both sides (ConflictChoices); one
 * queued without a base shows staff's version beside the server's and lets them choose which to keep.
 */
import { useEffect, useId, useState } from 'react'
import { Link } from 'wouter'
import { byTheMemberSignedIn, discard, resolveConflict, retry, useOutbox, type OutboxEntry } from '../../offline/outbox'
import { ConflictChoices } from './ConflictChoices'
import { ConflictView } from './ConflictView'
import { DeletedElsewhere, isDeletedElsewhere } from './DeletedElsewhere'
import { PENDING_ID } from './pending'
import { formatReceived } from '../time'
import { BusyButton } from '../../ui/BusyButton'

export const NOTHING_PENDING = 'Nothing is waiting: every change made on this device has reached the website.'

export const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting to sync',
  sending: 'Sending…',
  failed: 'Failed',
  conflict: 'Conflict',
}

/** The dashboard's panel (also usable on its own). */
export function PendingChangesPanel() {
  const ids = useId()
  // Another member's changes made on this device wait for their login, out of sight of the one signed in now.
  const entries = useOutbox((s) => s.entries).filter(byTheMemberSignedIn)
  const sent = useOutbox((s) => s.sent).filter((entry) => entry.channel === 'admin' && byTheMemberSignedIn(entry))
  const pausedForAuth = useOutbox((s) => s.pausedForAuth)

  // Arriving from a "See Pending changes" link: bring the panel into view.
  useEffect(() => {
    if (location.hash === `#${PENDING_ID}`) document.getElementById(PENDING_ID)?.scrollIntoView({ block: 'start' })
  }, [])

  return (
    <section id={PENDING_ID} className="admin-card admin-pending" aria-labelledby={`${ids}-title`} tabIndex={-1}>
      <h2 id={`${ids}-title`} className="admin-card__title">
        Pending changes {entries.length > 0 ? <span className="admin-count-badge">{entries.length}</span> : null}
      </h2>
      {pausedForAuth ? (
        <p className="admin-status admin-status--info admin-status--block" role="status">
          Your session ended, so these changes are waiting. <Link href="/login">Log in again</Link> and they will be sent.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="admin-empty">{NOTHING_PENDING}</p>
      ) : (
        <ol className="admin-pending__list">
          {entries.map((entry) => (
            <PendingItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {sent.length > 0 ? (
        <>
          <h3 className="admin-pending__sent-title">Sent while this page was open</h3>
          <ol className="admin-pending__list admin-pending__list--sent">
            {sent.map((entry) => (
              <li key={entry.id} className="admin-pending__item admin-pending__item--sent" data-state="sent">
                <div className="admin-pending__head">
                  <p className="admin-pending__label">{entry.label}</p>
                  <span className="admin-badge admin-badge--pending admin-badge--sent">{entry.note ? 'Done' : 'Sent'}</span>
                </div>
                {entry.note ? <p className="admin-pending__meta">{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}

function PendingItem({ entry }: { entry: OutboxEntry }) {
  const [busy, setBusy] = useState(false)
  const act = async (task: () => Promise<void>) => {
    setBusy(true)
    try {
      await task()
    } finally {
      setBusy(false)
    }
  }
  // An edit of a record deleted meanwhile: trying again cannot help; it says so and offers its own ways on.
  const gone = isDeletedElsewhere(entry)
  const onDiscard = () => {
    if (!window.confirm(`Discard "${entry.label}"? This change will not be made on the website.`)) return
    void act(() => discard(entry.id))
  }
  return (
    <li className={`admin-pending__item admin-pending__item--${entry.state}`} data-entry-id={entry.id} data-state={entry.state}>
      <div className="admin-pending__head">
        <p className="admin-pending__label">{entry.label}</p>
        <span className={`admin-badge admin-badge--pending admin-badge--${entry.state}`}>{STATE_TEXT[entry.state]}</span>
      </div>
      <p className="admin-pending__meta">Made {formatReceived(new Date(entry.createdAt).toISOString())}</p>
      {entry.state === 'waiting' && entry.error ? (
        <p className="admin-pending__reason">
          Last try: {entry.error} It will be tried again{entry.nextAttemptAt > 0 ? ` after ${formatReceived(new Date(entry.nextAttemptAt).toISOString())}` : ''}
          .
        </p>
      ) : null}
      {entry.state === 'failed' && !gone ? (
        <p className="admin-pending__reason" role="alert">
          The server refused it: {entry.error}
        </p>
      ) : null}
      {gone ? <DeletedElsewhere entry={entry} /> : null}
      {entry.state === 'conflict' ? entry.merge ? <ConflictChoices entry={entry} /> : <ConflictView entry={entry} /> : null}
      <div className="admin-pending__actions">
        {(entry.state === 'failed' && !gone) || (entry.state === 'waiting' && entry.attempts > 0) ? (
          <BusyButton type="button" className="button button--small" busy={busy} onClick={() => void act(() => retry(entry.id))}>
            {entry.state === 'failed' ? 'Retry' : 'Try now'}
            <span className="visually-hidden"> {entry.label}</span>
          </BusyButton>
        ) : null}
        {entry.state === 'conflict' && !entry.merge ? (
          <>
            <BusyButton type="button" className="button button--small" busy={busy} onClick={() => void act(() => resolveConflict(entry.id, 'overwrite'))}>
              Keep my version
              <span className="visually-hidden"> of {entry.label} (overwrite the server's)</span>
            </BusyButton>
            <BusyButton
              type="button"
              className="button button--small button--ghost"
              busy={busy}
              onClick={() => void act(() => resolveConflict(entry.id, 'discard'))}
            >
              Keep the server’s version
              <span className="visually-hidden"> (discard {entry.label})</span>
            </BusyButton>
          </>
        ) : null}
        {(entry.state === 'failed' && !gone) || entry.state === 'waiting' ? (
          <BusyButton type="button" className="button button--small button--danger" busy={busy} onClick={onDiscard}>
            Discard<span className="visually-hidden"> {entry.label}</span>
          </BusyButton>
        ) : null}
      </div>
    </li>
  )
}
