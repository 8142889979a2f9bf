/** Menu changes: what a queued upload says (meta) and how it shows beside the current menu. */
import type { OutboxEntry } from '../../adminApi'
import { mark, metaOf, type PendingMark } from '../../shell/pending'

export type MenuMeta = { kind: 'menu'; op: 'create'; business_id: string; file_name: string }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    menu: MenuMeta
  }
}

/** The newest queued menu of each business (it replaces the current one when it lands). */
export function pendingMenus(pending: OutboxEntry[]): Map<string, { meta: MenuMeta; mark: PendingMark }> {
  const out = new Map<string, { meta: MenuMeta; mark: PendingMark }>()
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind === 'menu') out.set(meta.business_id, { meta, mark: mark(entry, 'create') })
  }
  return out
}
