/** Contact-message changes (mark handled, delete): what a queued one says (meta) and how it shows in the list. */
import type { ContactMessage } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { mark, metaOf, sameId, worst, type PendingMark } from '../../shell/pending'

export type MessageMeta = { kind: 'message'; op: 'update'; id: number; handled: boolean } | { kind: 'message'; op: 'delete'; id: number }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    message: MessageMeta
  }
}

/** A message as the list shows it: with the change waiting on this device, if any. */
export type DisplayMessage = ContactMessage & { pending?: PendingMark }

/** The server's messages with the queued changes over them: a queued "handled" shows as handled (by nobody yet), a queued deletion stays listed, marked. */
export function mergeMessages(server: ContactMessage[], pending: OutboxEntry[]): DisplayMessage[] {
  const rows: DisplayMessage[] = server.map((m) => ({ ...m }))
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'message') continue
    const index = rows.findIndex((r) => sameId(r.id, meta.id))
    if (index < 0) continue
    const row = rows[index]!
    const handled =
      meta.op === 'update'
        ? {
            handled_by: meta.handled ? (row.handled_by ?? null) : null,
            handled_at: meta.handled ? (row.handled_at ?? new Date(entry.createdAt).toISOString()) : null,
          }
        : {}
    rows[index] = { ...row, ...handled, pending: { ...mark(entry, meta.op), state: worst(row.pending?.state, entry.state) } }
  }
  return rows
}
