import { rememberDelivery } from './deliveries'
import { tellOtherTabs } from './otherTabs'
import type { OutboxEntry, Outcome } from './types'

/** Screens waiting to hear how their own change went (this try), by entry id. */
const waiters = new Map<string, (outcome: Outcome) => void>()
/** Whoever follows an entry to its end, however many tries it takes (the contact form, still open). */
const followers = new Map<string, ((outcome: Exclude<Outcome, { kind: 'queued' }>) => void)[]>()
const sentListeners = new Set<(entry: OutboxEntry, reply: unknown) => void>()
const authListeners = new Set<() => void>()
/** Upload progress of the changes a screen is waiting for, by entry id. */
const progressById = new Map<string, (fraction: number) => void>()

/** Tells whoever waits for or follows this entry, here and (unless it came from there) in the site's other tabs. */
export function settle(outcome: Outcome, { fromOtherTab = false } = {}): void {
  const id = outcome.entry.id
  const waiter = waiters.get(id)
  if (waiter) {
    waiters.delete(id)
    waiter(outcome)
  }
  if (outcome.kind === 'queued') return
  // A landing goes to the other tabs with its sent record (replay.ts landed), which settles it there too.
  if (!fromOtherTab && outcome.kind !== 'sent') tellOtherTabs({ type: 'settled', outcome })
  const following = followers.get(id)
  followers.delete(id)
  for (const follower of following ?? []) follower(outcome)
}

/** The outcome of this entry's next try (or 'queued' if it gets none now). */
export const nextOutcome = (id: string) => new Promise<Outcome>((resolve) => waiters.set(id, resolve))
export const isAwaited = (id: string) => waiters.has(id)

/**
 * Resolves when the entry with this id has landed (sent) or been refused (failed, conflict) — on
 * this try or a later one during this visit; never while it waits. Call it before `submit` to hear
 * about the first try too. A discarded entry never resolves.
 */
export function finalOutcome(id: string): Promise<Exclude<Outcome, { kind: 'queued' }>> {
  return new Promise((resolve) => followers.set(id, [...(followers.get(id) ?? []), resolve]))
}

export const stopFollowing = (id: string) => followers.delete(id)

/** Told about every entry that lands, with its reply (the staff lists refresh from it). Returns the unsubscribe. */
export function addSentListener(listener: (entry: OutboxEntry, reply: unknown) => void): () => void {
  sentListeners.add(listener)
  return () => sentListeners.delete(listener)
}

export function announceSent(entry: OutboxEntry, reply: unknown): void {
  // A visitor's message whose form is gone (a later visit, another page): the form says so next time.
  if (entry.channel === 'public' && !followers.has(entry.id)) rememberDelivery(entry.path, entry.createdAt)
  for (const listener of sentListeners) listener(entry, reply)
}

/** Told once each time a 401 pauses the admin queue (the staff area signs out). Returns the unsubscribe. */
export function onAuthRequired(listener: () => void): () => void {
  authListeners.add(listener)
  return () => authListeners.delete(listener)
}

export function announceAuthRequired(): void {
  for (const listener of authListeners) listener()
}

export const followProgress = (id: string, onProgress: (fraction: number) => void) => progressById.set(id, onProgress)
export const progressOf = (id: string) => progressById.get(id)
export const stopProgress = (id: string) => progressById.delete(id)

/** For tests: nobody waits for or follows an entry any more (listeners stay: they belong to modules, loaded once). */
export function resetListeners(): void {
  waiters.clear()
  followers.clear()
  progressById.clear()
}
