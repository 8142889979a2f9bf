import { pick } from './body'
import type { OutboxEntry } from './types'

/**
 * The version each edit kept on this device produced once it landed, by the edit's id: a form whose
 * own kept edit has landed saves next on that version, also before the list read after the landing
 * has answered (it would otherwise send the version it was filled from, and meet its own change as a
 * conflict), and also when another tab of the site sent it. Kept for the page's life; a reload fills
 * forms from the server again.
 */
const madeBy = new Map<string, string>()

export function versionMadeBy(entryId: string): string | undefined {
  return madeBy.get(entryId)
}

/** Notes the version a landed edit made, from its reply; returns it (undefined for a change that makes none). */
export function rememberVersionMade(sent: OutboxEntry, reply: unknown): string | undefined {
  if (!sent.record || !sent.versionField) return undefined
  const version = pick(reply, sent.versionField)
  if (typeof version !== 'string') return undefined
  madeBy.set(sent.id, version)
  return version
}
