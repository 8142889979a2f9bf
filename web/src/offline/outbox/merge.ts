/**
 * Conflicts merged field by field. When a queued edit meets a newer record (a 409 with `current`),
 * the staff area (which knows each kind of record's fields) merges the edit's base, the edit and the
 * server's record; the outbox then sends the merged change again with the server's version when no
 * field was changed on both sides, or keeps it as a conflict naming only the fields staff must
 * choose for. The outbox itself knows no kind of record: the merger registers with it.
 */
import type { FieldMerge, OutboxBody, OutboxEntry } from './types'

/** Merges a conflicting edit with the server's 409 reply; null: no base or no known fields (settled as a whole, as before). */
export type ConflictMerger = (entry: OutboxEntry, reply: unknown) => FieldMerge | null

let merger: ConflictMerger | null = null

/** The staff area's merger (null: none, every conflict is settled as a whole); returns the one it replaces. */
export function onConflictMerge(merge: ConflictMerger | null): ConflictMerger | null {
  const before = merger
  merger = merge
  return before
}

/**
 * How many times one change is merged and sent again before staff are asked: a record changed
 * between every merge and send (or a version the merger misreads) must not make an endless loop.
 */
export const MAX_MERGES = 3

/** The body's plain fields by name (a file is left out: a new picture is no field to merge). */
export function bodyFields(body: OutboxBody): Record<string, unknown> {
  if (body.kind === 'json') return body.value && typeof body.value === 'object' ? { ...(body.value as Record<string, unknown>) } : {}
  if (body.kind === 'form') return Object.fromEntries(body.fields.flatMap((f) => ('bytes' in f ? [] : [[f.name, f.value]])))
  return {}
}

/** The body with `values` written over the fields of those names it has; its other fields (and files) as they were. */
export function withFields(body: OutboxBody, values: Record<string, unknown>): OutboxBody {
  const has = (name: string) => Object.hasOwn(values, name)
  if (body.kind === 'json' && body.value && typeof body.value === 'object') {
    const value = body.value as Record<string, unknown>
    return { kind: 'json', value: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, has(k) ? values[k] : v])) }
  }
  if (body.kind === 'form') {
    const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
    return { kind: 'form', fields: body.fields.map((f) => ('bytes' in f || !has(f.name) ? f : { name: f.name, value: text(values[f.name]) })) }
  }
  return body
}

/** The change made anew on top of the server's record: `values` in its body, based on the server's version, waiting to be sent. */
export function settledOn(entry: OutboxEntry, merge: FieldMerge, values: Record<string, unknown>): OutboxEntry {
  return {
    ...entry,
    body: withFields(entry.body, values),
    base: merge.theirs,
    baseVersion: merge.version ?? entry.baseVersion,
    state: 'waiting',
    nextAttemptAt: 0,
    error: null,
    status: undefined,
    serverVersion: undefined,
    merge: undefined,
    merges: (entry.merges ?? 0) + 1,
  }
}

/**
 * An edit the server refused as stale (`entry`: in conflict, with the server's reply): merged and
 * waiting to be sent again when no field needs a person; else in conflict with what staff choose
 * between. The same id goes on: the refused request changed nothing, and a screen waiting for this
 * change hears how the merged one went. When a question remains and the edit also changed fields the
 * server left alone, those go ahead at once as `sentFirst` (just before it in the queue): an answer
 * that takes days, or a "discard" of the contested field, must not hold back or drop them.
 */
export function mergedConflict(entry: OutboxEntry): { entry: OutboxEntry; sentFirst?: OutboxEntry } {
  const merge = merger?.(entry, entry.serverVersion) ?? null
  if (!merge) return { entry }
  if (merge.conflicts.length === 0 && !merge.deleted && (entry.merges ?? 0) < MAX_MERGES) return { entry: settledOn(entry, merge, merge.merged) }
  if (merge.deleted || merge.conflicts.length === 0 || !merge.mineOnly?.length) return { entry: { ...entry, merge } }
  const sentFirst: OutboxEntry = {
    ...settledOn(entry, merge, merge.merged),
    id: crypto.randomUUID(),
    seq: entry.seq - 0.5,
    label: `${entry.label} (the fields changed only here)`,
  }
  return { entry: { ...entry, merge: { ...merge, restSent: true } }, sentFirst }
}
