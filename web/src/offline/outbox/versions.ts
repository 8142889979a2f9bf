import { pick } from './body'
import { save, useOutbox } from './state'
import type { OutboxEntry } from './types'

/** After an edit lands, later queued edits of the same record are based on its new version. */
export async function carryVersion(sent: OutboxEntry, reply: unknown): Promise<void> {
  if (!sent.record || !sent.versionField) return
  const version = pick(reply, sent.versionField)
  if (typeof version !== 'string') return
  for (const later of useOutbox.getState().entries) {
    if (later.record === sent.record && later.baseVersion && later.state === 'waiting') await save({ ...later, baseVersion: version })
  }
}
