/** The pieces every conflict view uses: a row per field, staff's version beside the server's. */
import type { OutboxEntry, OutboxField } from '../../offline/outbox'

/**
 * One field of a conflict. `differs`: whether the two values differ, when the kind compares the
 * values themselves (the same instant spelt two ways is no difference); else the shown texts are compared.
 * `fields`: the body fields it shows (a conflict merged field by field shows only rows of fields in conflict).
 */
export type ConflictRow = { label: string; mine: string; theirs: string; differs?: boolean; fields?: readonly string[] }
/** What a file field shows when staff chose no new file: whatever is there stays. */
export const UNCHANGED = 'Unchanged'

export const yesNo = (value: unknown) => (value === true || value === 1 || value === 'true' || value === '1' || value === 'on' ? 'Yes' : 'No')
export const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value))

/** Staff's version: the fields the queued change sends, as text. */
export function fieldsOf(entry: OutboxEntry): Record<string, string> {
  if (entry.body.kind === 'json')
    return Object.fromEntries(
      Object.entries((entry.body.value as Record<string, unknown>) ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    )
  if (entry.body.kind === 'form') {
    return Object.fromEntries(entry.body.fields.map((f: OutboxField) => ('bytes' in f ? [f.name, `New file: ${f.filename}`] : [f.name, f.value])))
  }
  return {}
}

/** The server's version, as the 409 reply carried it. */
export function currentOf(entry: OutboxEntry): Record<string, unknown> {
  return ((entry.serverVersion as { current?: Record<string, unknown> } | undefined)?.current ?? {}) as Record<string, unknown>
}

/** Every field either side has, by its own name (a kind without its own view). */
export function genericConflictRows(mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] {
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(current)])]
  return keys.map((key) => ({
    fields: [key],
    label: key,
    mine: text(mine[key]),
    theirs: text(typeof current[key] === 'object' ? JSON.stringify(current[key]) : current[key]),
  }))
}
