import { onServerReached } from '../api/client'
import { byTheMemberSignedIn, loadOutbox, replay, resumeAfterLogin, STAFF_TOKEN_KEY, useOutbox, wake } from './outbox'

const POLL_MS = 30_000
/** Never re-check sooner than this, whatever the backoff says. */
const MIN_TIMER_MS = 1_000

/**
 * When to send what waits in the outbox: at start, when the connection or the server returns, when the app is
 * looked at again, when the backoff of the first waiting change runs out (and every 30 s while
 * something waits, as a safety net), and when the service worker's Background Sync fires (Chromium
 * only; elsewhere the other triggers cover it).
 */
export function startOutboxSync(): void {
  let timer: ReturnType<typeof setTimeout> | null = null

  /** Sends now, then sets a timer for the moment the next waiting change may be tried again. */
  const run = () => {
    if (!navigator.onLine) return
    void replay().then(schedule)
  }
  const schedule = () => {
    if (timer) clearTimeout(timer)
    timer = null
    const { entries, pausedForAuth } = useOutbox.getState()
    const due = entries.filter((e) => e.state === 'waiting' && byTheMemberSignedIn(e) && !(pausedForAuth && e.channel === 'admin')).map((e) => e.nextAttemptAt)
    if (due.length === 0) return
    timer = setTimeout(run, Math.max(MIN_TIMER_MS, Math.min(...due) - Date.now()))
  }
  // The connection is back (or the page is looked at again): what waits may go now, backoff or not.
  const kickNow = () => {
    if (navigator.onLine) void wake().then(run)
  }

  void loadOutbox().then(run)
  window.addEventListener('online', kickNow)
  // The server answered something (a list, a login, the dashboard): it is back, so what waits out a
  // backoff of up to 5 minutes from failures while it was down may go now. The browser's 'online'
  // event never fires for a server that was down while the device kept its connection.
  onServerReached(kickNow)
  window.addEventListener('focus', run)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && run())
  setInterval(() => {
    if (useOutbox.getState().entries.some((e) => e.state === 'waiting')) run()
  }, POLL_MS)
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if (event.data?.type === 'REPLAY_OUTBOX') kickNow()
  })
  // Entries added or changed (a screen queued a change, staff pressed Retry), or a send started by a
  // screen (not by this timer) ended with something still waiting: keep the timer right.
  useOutbox.subscribe((state, before) => {
    if (!state.replaying && (state.entries !== before.entries || before.replaying)) schedule()
  })
  // Staff logging in again (here or in another tab) lets paused admin changes go.
  window.addEventListener('storage', (event) => event.key === STAFF_TOKEN_KEY && event.newValue && void resumeAfterLogin().then(schedule))
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
