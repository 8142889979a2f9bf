/**
 * A conflict merged field by field: every field changed on one side only is merged already; staff
 * choose, for each field changed both here and on the website, which value stays. One group of two
 * choices per field, both values shown, so it reads and works by keyboard like any form.
 */
import { useId, useRef, useState } from 'react'
import { discard, resolveFields, type OutboxEntry } from '../../offline/outbox'
import { conflictRows } from './ConflictView'
import { genericConflictRows, fieldsOf, currentOf, type ConflictRow } from './conflictFields'
import { PENDING_ID } from './pending'
import { BusyButton } from '../../ui/BusyButton'

type Choice = 'mine' | 'theirs'

/** The rows of the fields in conflict: the kind's own words, else the field by its name. */
export function rowsInConflict(entry: OutboxEntry): ConflictRow[] {
  const conflicts = entry.merge?.conflicts ?? []
  const rows = conflictRows(entry).filter((row) => row.fields?.some((field) => conflicts.includes(field)))
  const shown = new Set(rows.flatMap((row) => row.fields ?? []))
  const rest = conflicts.filter((field) => !shown.has(field))
  const generic = genericConflictRows(fieldsOf(entry), currentOf(entry)).filter((row) => rest.includes(row.label))
  return [...rows, ...generic]
}

/** After the change leaves the list: focus goes on with the panel, not to the top of the page. */
const focusPanel = () => document.getElementById(PENDING_ID)?.focus()

function FieldChoice({ row, name, chosen, onChoose }: { row: ConflictRow; name: string; chosen: Choice | undefined; onChoose(choice: Choice): void }) {
  const option = (choice: Choice, label: string, value: string) => (
    <div className="admin-check admin-conflict__choice">
      <input type="radio" id={`${name}-${choice}`} name={name} value={choice} checked={chosen === choice} onChange={() => onChoose(choice)} />
      <label htmlFor={`${name}-${choice}`}>
        <span className="admin-conflict__side">{label}:</span> {value}
      </label>
    </div>
  )
  return (
    <fieldset className="admin-conflict__field">
      <legend>{row.label}</legend>
      {option('mine', 'Your version', row.mine)}
      {option('theirs', 'On the website now', row.theirs)}
    </fieldset>
  )
}

export function ConflictChoices({ entry }: { entry: OutboxEntry }) {
  const ids = useId()
  const rows = rowsInConflict(entry)
  const [chosen, setChosen] = useState<Record<string, Choice>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const group = useRef<HTMLDivElement>(null)
  const rowKey = (row: ConflictRow) => row.fields?.join(',') ?? row.label

  const save = async () => {
    const missing = rows.filter((row) => !chosen[rowKey(row)])
    if (missing.length > 0) {
      setProblem(`Choose which value to keep for: ${missing.map((row) => row.label).join(', ')}.`)
      group.current?.querySelector<HTMLInputElement>(`fieldset:nth-of-type(${rows.indexOf(missing[0]!) + 1}) input`)?.focus()
      return
    }
    const byField = Object.fromEntries(rows.flatMap((row) => (row.fields ?? [row.label]).map((field) => [field, chosen[rowKey(row)]!])))
    setBusy(true)
    try {
      await resolveFields(entry.id, byField)
    } finally {
      setBusy(false)
    }
    focusPanel()
  }
  const drop = async () => {
    const question = entry.merge?.restSent
      ? `Discard your version of ${rows.map((row) => row.label).join(', ')}? Your other changes in "${entry.label}" were already sent to the website.`
      : `Discard "${entry.label}"? None of this change will be made on the website.`
    if (!window.confirm(question)) return
    await discard(entry.id)
    focusPanel()
  }

  // No field in conflict: the record kept changing while this change was merged (outbox MAX_MERGES).
  const ask =
    rows.length === 0
      ? 'It changed again each time your change was merged: save to send it once more on top of the latest version.'
      : `${rows.length === 1 ? 'One field was' : `${rows.length} fields were`} changed both here and on the website: choose which value to keep.`
  return (
    // biome-ignore lint/a11y/useSemanticElements: one group of several fieldsets, named by its explanation; a fieldset around fieldsets reads worse
    <div ref={group} className="admin-conflict" role="group" aria-labelledby={`${ids}-title`}>
      <p id={`${ids}-title`} className="admin-conflict__title">
        {entry.error ?? 'This was changed elsewhere since you opened it.'}{' '}
        {entry.merge?.restSent ? 'Your other changes were sent to the website.' : "Your other changes and the website's were merged."} {ask}
      </p>
      {rows.map((row, index) => (
        <FieldChoice
          key={rowKey(row)}
          row={row}
          name={`${ids}-${index}`}
          chosen={chosen[rowKey(row)]}
          onChoose={(choice) => {
            setChosen((before) => ({ ...before, [rowKey(row)]: choice }))
            setProblem(null)
          }}
        />
      ))}
      {problem ? (
        <p className="admin-pending__reason" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="admin-pending__actions">
        <BusyButton type="button" className="button button--small" busy={busy} onClick={() => void save()}>
          Save my choices<span className="visually-hidden"> for {entry.label}</span>
        </BusyButton>
        <BusyButton type="button" className="button button--small button--ghost" busy={busy} onClick={() => void drop()}>
          Discard my change<span className="visually-hidden"> {entry.label}</span>
        </BusyButton>
      </div>
    </div>
  )
}
