import { configureOutbox, replay, resumeAfterLogin, useOutbox } from './outbox'

const POLL_MS = 30_000

/**
 * When to send what waits in the outbox: at start, when the connection returns, when the app is
 * looked at again, every 30 s while something waits, and when the service worker's Background Sync
 * fires (Chromium only; elsewhere the other triggers cover it).
 */
export function startOutboxSync(): void {
  const token = () => localStorage.getItem('adminToken')
  void configureOutbox({
    getToken: token,
    onAuthRequired: () => window.dispatchEvent(new CustomEvent('outbox:auth-required')),
    onSent: (entry, reply) => window.dispatchEvent(new CustomEvent('outbox:sent', { detail: { entry, reply } })),
  }).then(() => replay())
  const kick = () => {
    if (navigator.onLine) void replay()
  }
  window.addEventListener('online', kick)
  window.addEventListener('focus', kick)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && kick())
  setInterval(() => {
    if (useOutbox.getState().entries.some((e) => e.state === 'waiting')) kick()
  }, POLL_MS)
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if (event.data?.type === 'REPLAY_OUTBOX') kick()
  })
  // Staff logging in again lets paused admin changes go.
  window.addEventListener('storage', (event) => event.key === 'adminToken' && event.newValue && void resumeAfterLogin())
}

/** Asks the service worker to wake the page for the outbox when the connection returns, where supported. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync
    await sync?.register('outbox')
  } catch {
    // Not supported or not allowed: the online/focus/interval triggers still send the queue.
  }
}
