import { OUTBOX_TABS } from '../../storage-keys'
import type { OutboxEntry, Outcome, SentEntry } from './types'

/**
 * The outbox is one queue per device, in IndexedDB, but each open tab of the site holds it in memory.
 * Tabs tell each other when they change it (the others read it again, so a change made or settled in
 * one tab shows in the other, and one queued in a tab since closed is still sent), and how a change
 * ended (a screen waiting in one tab hears of a send made by another). Only one tab sends at a time,
 * holding a Web Lock, so two tabs never send the same change or overtake each other.
 */
export type TabMessage =
  | { type: 'changed' }
  | { type: 'settled'; outcome: Exclude<Outcome, { kind: 'queued' }> }
  | { type: 'sent'; sent: SentEntry; entry: OutboxEntry; reply: unknown }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const isEntry = (value: unknown): value is OutboxEntry => isObject(value) && typeof value.id === 'string' && isObject(value.body)
const OUTCOMES: readonly unknown[] = ['sent', 'failed', 'conflict']

/** A message of the shape the outbox posts (any page of the site can post on the channel). */
function isTabMessage(data: unknown): data is TabMessage {
  if (!isObject(data)) return false
  if (data.type === 'changed') return true
  if (data.type === 'settled') return isObject(data.outcome) && OUTCOMES.includes(data.outcome.kind) && isEntry(data.outcome.entry)
  if (data.type !== 'sent' || !isEntry(data.entry) || !isObject(data.sent)) return false
  const { id, label, channel, sentAt } = data.sent
  return id === data.entry.id && typeof label === 'string' && (channel === 'admin' || channel === 'public') && typeof sentAt === 'number'
}

let channel: BroadcastChannel | null | undefined
const hearers = new Set<(message: TabMessage) => void>()

function opened(): BroadcastChannel | null {
  if (channel !== undefined) return channel
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OUTBOX_TABS) : null
  if (channel)
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data
      if (isTabMessage(message)) for (const hear of hearers) hear(message)
    }
  return channel
}

export function tellOtherTabs(message: TabMessage): void {
  try {
    opened()?.postMessage(message)
  } catch {
    // A reply that cannot be copied (not plain data): the other tabs still read the queue again when it changes.
  }
}

/** Returns the unsubscribe. */
export function hearOtherTabs(hear: (message: TabMessage) => void): () => void {
  opened()
  hearers.add(hear)
  return () => hearers.delete(hear)
}

type LockManager = { request<T>(name: string, task: () => Promise<T>): Promise<T> }
const lockManager = () => (globalThis.navigator as { locks?: LockManager | null } | undefined)?.locks ?? undefined

/** Whether this browser lets one tab send at a time (Web Locks); without them every tab may. */
export const tabsTakeTurns = (): boolean => lockManager() !== undefined

/**
 * Runs `task` while no other tab of the site runs one (a tab closed mid-task lets go). `alone` says
 * whether that is certain: a browser without Web Locks runs it at once.
 */
export function oneTabAtATime<T>(task: (alone: boolean) => Promise<T>): Promise<T> {
  const locks = lockManager()
  return locks ? locks.request(OUTBOX_TABS, () => task(true)) : task(false)
}
