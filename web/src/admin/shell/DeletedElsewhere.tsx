/**
 * An edit whose record was deleted on the website while it waited (the server answers 404): said in
 * those words, with staff's version shown, and two ways on: add it again as a new record (its
 * kind's add form opens filled in) or drop the change.
 */
import { useId, useState } from 'react'
import { useLocation } from 'wouter'
import { bodyFields, discard, type OutboxEntry } from '../../offline/outbox'
import { putDraft } from '../drafts'
import { conflictRows } from './ConflictView'
import { UNCHANGED } from './conflictFields'
import { PENDING_ID } from './pending'
import { kindOf } from './registry'
import { BusyButton } from '../../ui/BusyButton'

/** A failed edit (it carries the fields it started from) refused because its record is gone. */
export const isDeletedElsewhere = (entry: OutboxEntry) =>
  entry.state === 'failed' && entry.status === 404 && !!entry.base && (entry.meta as { op?: unknown } | undefined)?.op !== 'delete'

export function DeletedElsewhere({ entry }: { entry: OutboxEntry }) {
  const ids = useId()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  const recreate = kindOf(entry)?.edits?.recreate
  const rows = conflictRows(entry).filter((row) => row.mine !== UNCHANGED)

  const addAgain = async () => {
    if (!recreate) return
    const { path, draftKey, draft } = recreate(bodyFields(entry.body))
    setBusy(true)
    putDraft(draftKey, draft)
    await discard(entry.id)
    navigate(path)
  }
  const drop = async () => {
    if (!window.confirm(`Discard "${entry.label}"? It will not be made on the website.`)) return
    setBusy(true)
    await discard(entry.id)
    document.getElementById(PENDING_ID)?.focus()
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group named by its explanation, holding a list and buttons, not form controls
    <div className="admin-conflict" role="group" aria-labelledby={`${ids}-title`}>
      <p id={`${ids}-title`} className="admin-pending__reason" role="alert">
        It was deleted on the website while this change waited, so the change cannot be made there.{' '}
        {recreate ? 'Add it again as new (the form opens filled in with your version), or discard your change.' : 'Discard your change.'}
      </p>
      <dl className="admin-conflict__mine" aria-label="Your version">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.mine}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-pending__actions">
        {recreate ? (
          <BusyButton type="button" className="button button--small" busy={busy} onClick={() => void addAgain()}>
            Add it again<span className="visually-hidden"> ({entry.label})</span>
          </BusyButton>
        ) : null}
        <BusyButton type="button" className="button button--small button--danger" busy={busy} onClick={() => void drop()}>
          Discard my change<span className="visually-hidden"> {entry.label}</span>
        </BusyButton>
      </div>
    </div>
  )
}
