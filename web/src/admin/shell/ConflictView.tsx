/** A change in conflict: staff's version beside the server's, in the words of its kind (as its feature registered it: registry.ts). */
import { useId } from 'react'
import type { OutboxEntry } from '../../offline/outbox'
import { kindOf } from './registry'
import { currentOf, fieldsOf, genericConflictRows, UNCHANGED, type ConflictRow } from './conflictFields'

/** The two versions side by side, field by field, in words staff use (the kind's own view, else every field). */
export function conflictRows(entry: OutboxEntry): ConflictRow[] {
  const mine = fieldsOf(entry)
  const current = currentOf(entry)
  return kindOf(entry)?.conflictRows?.(entry, mine, current) ?? genericConflictRows(mine, current)
}

/** Staff's version beside the server's, differences marked. */
export function ConflictView({ entry }: { entry: OutboxEntry }) {
  const ids = useId()
  const rows = conflictRows(entry)
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would make the comparison a form control group, and its default min-width breaks the table's scrolling
    <div className="admin-conflict" role="group" aria-labelledby={`${ids}-title`}>
      <p id={`${ids}-title`} className="admin-conflict__title">
        {entry.error ?? 'This was changed elsewhere since you opened it.'} Nothing has been overwritten. Compare and choose which version to keep.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in this labelled region, which must take keyboard focus to scroll */}
      <div className="admin-table-wrap" role="region" aria-label="Your version and the server's version" tabIndex={0}>
        <table className="admin-table admin-table--compact admin-conflict__table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Your version</th>
              <th scope="col">On the website now</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              // "Unchanged" (no new image chosen) keeps whatever is there: no difference to settle.
              const differs = row.mine !== UNCHANGED && (row.differs ?? row.mine !== row.theirs)
              return (
                <tr key={row.label} className={differs ? 'is-different' : undefined}>
                  <th scope="row">
                    {row.label}
                    {differs ? <span className="visually-hidden"> (different)</span> : null}
                  </th>
                  <td data-label="Your version">{row.mine}</td>
                  <td data-label="On the website now">{row.theirs}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
