import { rememberVersionMade } from './madeVersions'
import { save, useOutbox } from './state'
import type { OutboxEntry } from './types'

export { versionMadeBy } from './madeVersions'

/** After an edit lands, later queued edits of the same record are based on its new version. */
export async function carryVersion(sent: OutboxEntry, reply: unknown): Promise<void> {
  const version = rememberVersionMade(sent, reply)
  if (version === undefined) return
  // A merged edit landed fields the later edits never saw (another device's): they keep their older
  // version, so the server refuses them and they are merged with what it has now, not sent over it.
  if (sent.merges) return
  for (const later of useOutbox.getState().entries) {
    if (later.record === sent.record && later.baseVersion && later.state === 'waiting') await save({ ...later, baseVersion: version })
  }
}
