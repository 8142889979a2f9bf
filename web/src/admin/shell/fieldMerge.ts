/**
 * The one place a replayed staff edit meets a newer record: the edit's base (the record as it was
 * opened), the edit and the server's record are merged by the shared rule, field by field, in the
 * fields its kind describes (registry.ts `edits`). The outbox registers this (admin/api/connect.ts)
 * and sends the merged change again, or asks staff about the fields changed on both sides only.
 */
import { bodyFields, type FieldMerge, type OutboxEntry } from '../../offline/outbox'
import { sameValue, threeWayMerge } from '../../../../api/src/shared/rules/three-way-merge'
import { kindOf } from './registry'

const only = (fields: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => Object.hasOwn(fields, name)).map((name) => [name, fields[name]]))

/** A conflicting edit merged with the server's 409 reply; null (settled as a whole, as before) when it has no base or its kind no fields. */
export function mergeFieldByField(entry: OutboxEntry, reply: unknown): FieldMerge | null {
  const edits = kindOf(entry)?.edits
  const current = reply && typeof reply === 'object' ? (reply as { current?: unknown }).current : undefined
  if (!edits?.applies(entry) || !entry.base || current === undefined) return null
  const names = Object.keys(entry.base)
  const mine = only(bodyFields(entry.body), names)
  const theirs = edits.read(current, entry)
  const result = threeWayMerge(entry.base, mine, theirs, edits.same)
  const version = edits.version(current, entry)
  if (!theirs) return { merged: mine, theirs: {}, conflicts: result.conflicts, version, deleted: true }
  const same = edits.same ?? sameValue
  const mineOnly = Object.keys(mine).filter(
    (field) => !result.conflicts.includes(field) && !same(field, entry.base![field], mine[field]) && !same(field, mine[field], theirs[field]),
  )
  return { merged: only(result.merged ?? theirs, Object.keys(mine)), theirs: only(theirs, names), conflicts: result.conflicts, version, mineOnly }
}
