import { pick } from './body'
import { save, useOutbox } from './state'
import type { OutboxEntry } from './types'

/**
 * The version each edit kept on this device produced once it landed, by the edit's id: a form whose
 * own kept edit has landed saves next on that version, also before the list read after the landing
 * has answered (it would otherwise send the version it was filled from, and meet its own change as a
 * conflict). Kept for the page's life; a reload fills forms from the server again.
 */
const madeBy = new Map<string, string>()

export function versionMadeBy(entryId: string): string | undefined {
  return madeBy.get(entryId)
}

/** After an edit lands, later queued edits of the same record are based on its new version. */
export async function carryVersion(sent: OutboxEntry, reply: unknown): Promise<void> {
  if (!sent.record || !sent.versionField) return
  const version = pick(reply, sent.versionField)
  if (typeof version !== 'string') return
  madeBy.set(sent.id, version)
  // A merged edit landed fields the later edits never saw (another device's): they keep their older
  // version, so the server refuses them and they are merged with what it has now, not sent over it.
  if (sent.merges) return
  for (const later of useOutbox.getState().entries) {
    if (later.record === sent.record && later.baseVersion && later.state === 'waiting') await save({ ...later, baseVersion: version })
  }
}
