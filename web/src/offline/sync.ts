import { api, onServerReached } from '../api/client'
import { byTheMemberSignedIn, loadOutbox, replay, resumeAfterLogin, STAFF_TOKEN_KEY, useOutbox, waitsForTheServer, wake } from './outbox'

const POLL_MS = 30_000
/** The regular check's question to the server is given up after this long (a server that never answers). */
const HEALTH_TIMEOUT_MS = 10_000
/** Never re-check sooner than this, whatever the backoff says. */
const MIN_TIMER_MS = 1_000

/**
 * When to send what waits in the outbox: at start, when the connection or the server returns, when the app is
 * looked at again, when the backoff of the first waiting change runs out (and every 30 s while
 * something waits, as a safety net), and when the service worker's Background Sync fires (Chromium
 * only; elsewhere the other triggers cover it). Returns its stop (for tests, with `pollMs` for the 30 s).
 */
export function startOutboxSync({ pollMs = POLL_MS } = {}): () => void {
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
  // The connection or the server is back: what waited for it may go now, backoff or not.
  const kickNow = () => {
    if (navigator.onLine) void wake({ serverBack: true }).then(run)
  }
  let asking = false

  void loadOutbox().then(run)
  const stops: (() => void)[] = []
  const listen = <T extends EventTarget>(target: T | undefined, type: string, listener: (event: Event) => void) => {
    target?.addEventListener(type, listener)
    stops.push(() => target?.removeEventListener(type, listener))
  }
  listen(window, 'online', kickNow)
  // The server answered something (a list, a login, the dashboard): it is back, so what waits out a
  // backoff of up to 5 minutes from failures while it was down may go now. The browser's 'online'
  // event never fires for a server that was down while the device kept its connection.
  stops.push(onServerReached(kickNow))
  listen(window, 'focus', run)
  listen(document, 'visibilitychange', () => document.visibilityState === 'visible' && run())
  const poll = setInterval(() => {
    const waiting = useOutbox.getState().entries.filter((e) => e.state === 'waiting')
    if (waiting.length === 0 || !navigator.onLine) return
    // A change backed off for minutes while the server was down: a page that asks the server nothing else
    // (the dashboard) would wait all of it out. A small question finds out whether the server is back; its
    // answer lets what waits go at once (onServerReached above).
    const heldBack = waiting.filter((e) => e.nextAttemptAt > Date.now())
    if (heldBack.length < waiting.length) return run()
    if (asking || !heldBack.some(waitsForTheServer)) return
    asking = true
    void api
      .get('/api/health', { timeoutMs: HEALTH_TIMEOUT_MS })
      .catch(() => undefined)
      .finally(() => (asking = false))
  }, pollMs)
  stops.push(() => clearInterval(poll))
  listen(navigator.serviceWorker, 'message', (event) => (event as MessageEvent).data?.type === 'REPLAY_OUTBOX' && kickNow())
  // Entries added or changed (a screen queued a change, staff pressed Retry), or a send started by a
  // screen (not by this timer) ended with something still waiting: keep the timer right.
  stops.push(
    useOutbox.subscribe((state, before) => {
      if (!state.replaying && (state.entries !== before.entries || before.replaying)) schedule()
    }),
  )
  // Staff logging in again (here or in another tab) lets paused admin changes go.
  listen(window, 'storage', (event) => {
    const { key, newValue } = event as StorageEvent
    if (key === STAFF_TOKEN_KEY && newValue) void resumeAfterLogin().then(schedule)
  })
  return () => {
    for (const stop of stops) stop()
    if (timer) clearTimeout(timer)
  }
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
