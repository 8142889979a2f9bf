/**
 * Changes waiting in the outbox, as the staff lists show them before they land: each kind of change
 * carries a small `meta` description (what it does to which record), and the lists merge it over
 * what the server sent, with a badge saying it is waiting to sync (or failed, or in conflict). Each
 * feature's changes.ts says how its kind merges; these are the pieces they share.
 */
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { byTheMemberSignedIn, useOutbox, type OutboxEntry, type OutboxState } from '../../offline/outbox'

/** Where Pending changes lives: a panel on the dashboard. */
export const PENDING_ID = 'pending-changes'
export const PENDING_HREF = `/admin#${PENDING_ID}`

export type Op = 'create' | 'update' | 'delete'

/**
 * The meta of each kind of queued staff change, by its `kind`. Empty here: each feature's changes.ts
 * adds its own kind (`declare module '../../shell/pending' { interface PendingMetaByKind { … } }`),
 * so the shell reads every kind's meta without importing a feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features fill it by declaration merging
export interface PendingMetaByKind {}

/** What a queued staff change says about itself (saved with it on the device: keep old shapes readable). */
export type PendingMeta = PendingMetaByKind[keyof PendingMetaByKind]

/** Where a record's row stands in the outbox. */
export interface PendingMark {
  entryId: string
  state: OutboxState
  op: Op
}

export const metaOf = (entry: OutboxEntry) => entry.meta as PendingMeta | undefined

/** The staff changes in the outbox whose meta is of `kind`, oldest first. */
export function usePending<K extends PendingMeta['kind']>(kind: K): (OutboxEntry & { meta: Extract<PendingMeta, { kind: K }> })[] {
  const entries = useOutbox((s) => s.entries)
  return useMemo(
    () =>
      entries.filter((e) => e.channel === 'admin' && byTheMemberSignedIn(e) && metaOf(e)?.kind === kind) as (OutboxEntry & {
        meta: Extract<PendingMeta, { kind: K }>
      })[],
    [entries, kind],
  )
}

/** Every staff change still on this device (for the header count). */
export function usePendingCount(): number {
  return useOutbox((s) => s.entries.filter((e) => e.channel === 'admin' && byTheMemberSignedIn(e)).length)
}

export const sameId = (a: unknown, b: unknown) => String(a) === String(b)
export const mark = (entry: OutboxEntry, op: Op): PendingMark => ({ entryId: entry.id, state: entry.state, op })

export function jsonField(entry: OutboxEntry, name: string): unknown {
  return entry.body.kind === 'json' && entry.body.value && typeof entry.body.value === 'object'
    ? (entry.body.value as Record<string, unknown>)[name]
    : undefined
}

/** The state to show when several changes touch one row: trouble first. */
export function worst(a: OutboxState | undefined, b: OutboxState): OutboxState {
  const rank: Record<OutboxState, number> = { conflict: 3, failed: 2, sending: 1, waiting: 0 }
  return a && rank[a] > rank[b] ? a : b
}

/** What one queued change does to one row of a list (`fields`: the row's new values, for a create or update). */
export interface QueuedChange<Fields> {
  op: Op
  id: number | string
  fields?: Fields
}

/**
 * The server's rows with the queued changes laid over them, in outbox order: a create adds the row
 * `created` makes, an update lays its fields over the row, a delete only marks it. Entries
 * `changeOf` does not recognise (null) and changes to rows not in the list are left out.
 */
export function overlayPending<Row extends { id: number | string; pending?: PendingMark }, Fields extends Partial<Row>>(
  server: readonly Row[],
  pending: readonly OutboxEntry[],
  changeOf: (entry: OutboxEntry) => QueuedChange<Fields> | null,
  created: (entry: OutboxEntry, id: number | string, fields: Fields) => Row,
): Row[] {
  const rows = server.map((row) => ({ ...row }))
  for (const entry of pending) {
    const change = changeOf(entry)
    if (!change) continue
    if (change.op === 'create' && change.fields) {
      rows.push(created(entry, change.id, change.fields))
      continue
    }
    const index = rows.findIndex((row) => sameId(row.id, change.id))
    if (index < 0) continue
    const row = rows[index]!
    // A change on top of a queued create is still a create as far as the server knows.
    const op = row.pending?.op === 'create' && change.op === 'update' ? 'create' : change.op
    rows[index] = {
      ...row,
      ...(change.op === 'update' && change.fields ? change.fields : {}),
      pending: { ...mark(entry, op), state: worst(row.pending?.state, entry.state) },
    }
  }
  return rows
}

// ---- pieces ----

export const BADGE_TEXT: Record<OutboxState, string> = {
  waiting: 'Waiting to sync',
  sending: 'Sending…',
  failed: 'Failed — see Pending changes',
  conflict: 'Conflict — see Pending changes',
}

/** The badge on a row whose change has not landed yet. */
export function PendingBadge({ mark }: { mark: PendingMark | undefined }) {
  if (!mark) return null
  const what = mark.op === 'delete' ? 'Deletion' : mark.op === 'create' ? 'New' : 'Change'
  const text = mark.state === 'waiting' ? `${what} waiting to sync` : BADGE_TEXT[mark.state]
  const body = (
    <span className={`admin-badge admin-badge--pending admin-badge--${mark.state}`} data-pending-state={mark.state}>
      {text}
    </span>
  )
  return mark.state === 'failed' || mark.state === 'conflict' ? (
    <Link href={PENDING_HREF} className="admin-badge-link">
      {body}
    </Link>
  ) : (
    body
  )
}

/** Object URLs for the files an entry keeps (made in an effect, released on unmount). */
export function useEntryImages(entry: OutboxEntry | undefined, field?: string): string[] {
  const [urls, setUrls] = useState<string[]>([])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entry object for the same change (same id and files) must not make new image URLs
  useEffect(() => {
    if (entry?.body.kind !== 'form' || typeof URL.createObjectURL !== 'function') return
    const made = entry.body.fields.flatMap((f) =>
      'bytes' in f && (!field || f.name === field) ? [URL.createObjectURL(new Blob([f.bytes], { type: f.type }))] : [],
    )
    setUrls(made)
    return () => {
      for (const url of made) URL.revokeObjectURL(url)
    }
  }, [entry?.id, entry?.body, field])
  return urls
}
