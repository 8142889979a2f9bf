import { api, ApiError } from '../../api/client'
import { toRequestBody } from './body'
import { byTheMemberSignedIn, tokenFor } from './channels'
import { nextAfterFailure } from './decide'
import { announceAuthRequired, announceSent, progressOf, settle } from './listeners'
import { fillInRealId, mentions } from './placeholders'
import { mergedConflict } from './merge'
import { oneTabAtATime, tellOtherTabs } from './otherTabs'
import { changeEntry, loadOutbox, rereadStoredEntries, remove, save, useOutbox } from './state'
import { SEND_TIMEOUT_MS, SENT_AT_ONCE_MS, SENT_SHOWN, UPLOAD_IDLE_MS, UPLOAD_TIMEOUT_MS, type OutboxEntry, type SentEntry } from './types'
import { carryVersion } from './versions'

let running: Promise<void> | null = null
/** Bumped by resetReplay so a run started before a test's reset stops. */
let generation = 0

/**
 * One try, reporting upload progress when a screen follows it (the client's progress option). Uploads
 * (files, or progress followed) may rightly take long on a weak signal: one followed is given up when
 * it stops moving for UPLOAD_IDLE_MS, one nobody follows (no progress to see) after UPLOAD_TIMEOUT_MS;
 * a JSON change that hangs is given up after SEND_TIMEOUT_MS. Each is tried again later (its key
 * makes the resend harmless): a send that never settles would hold up every change queued behind it.
 */
function sendOne(entry: OutboxEntry, now: number): Promise<unknown> {
  const headers: Record<string, string> = {}
  if (entry.baseVersion) headers['if-match'] = `"${entry.baseVersion}"`
  // When staff made the change on this device (offline, or waiting behind others): the activity trail
  // shows it beside the time it reached the server. A change sent as it is made carries none (the
  // server's time is when it was made; an upload's minute on the wire is no device time). Staff
  // changes only; the contact form's carry none.
  if (entry.channel === 'admin' && now - entry.createdAt > SENT_AT_ONCE_MS) headers['x-device-time'] = new Date(entry.createdAt).toISOString()
  const onUploadProgress = progressOf(entry.id)
  const isUpload = entry.body.kind === 'form' || onUploadProgress !== undefined
  return api.send(entry.method, entry.path, toRequestBody(entry.body), {
    token: tokenFor(entry.channel),
    idempotencyKey: entry.id,
    headers,
    ...(onUploadProgress ? { onUploadProgress, idleTimeoutMs: UPLOAD_IDLE_MS } : { timeoutMs: isUpload ? UPLOAD_TIMEOUT_MS : SEND_TIMEOUT_MS }),
  })
}

/** The change reached its goal: off the queue, onto the sent list, and everyone who waits for it is told. */
async function landed(entry: OutboxEntry, reply: unknown, note?: string): Promise<void> {
  await remove(entry.id)
  const sent: SentEntry = {
    id: entry.id,
    label: entry.label,
    channel: entry.channel,
    ...(entry.by ? { by: entry.by } : {}),
    sentAt: Date.now(),
    ...(note ? { note } : {}),
  }
  useOutbox.setState((state) => ({ sent: [sent, ...state.sent].slice(0, SENT_SHOWN) }))
  tellOtherTabs({ type: 'sent', sent, entry, reply })
  await fillInRealId(entry, reply)
  await carryVersion(entry, reply)
  announceSent(entry, reply)
  settle({ kind: 'sent', reply, entry })
}

function pauseForAuth(): void {
  if (useOutbox.getState().pausedForAuth) return
  useOutbox.setState({ pausedForAuth: true })
  announceAuthRequired()
}

/** Writes what a try made of the entry being sent, unless it left the device meanwhile (discarded in another tab). */
const afterTry = (sending: OutboxEntry, after: OutboxEntry) => changeEntry(sending, (stored) => (stored.state === 'sending' ? after : null))

/** A create was refused: the waiting entries that name its record fail with it. */
async function failDependents(created: OutboxEntry, status: number): Promise<void> {
  if (!created.creates) return
  for (const later of useOutbox.getState().entries) {
    if (later.state === 'waiting' && mentions(later, created.creates.placeholder)) {
      const dependent: OutboxEntry = { ...later, state: 'failed', error: `Depends on "${created.label}", which failed.`, status }
      if (!(await changeEntry(later, (stored) => (stored.state === 'waiting' ? dependent : null)))) continue
      settle({ kind: 'failed', status, message: dependent.error!, entry: dependent })
    }
  }
}

/** Applies what nextAfterFailure decided; returns false when the run must stop (nothing may overtake). */
async function afterFailure(sending: OutboxEntry, error: unknown, now: number): Promise<boolean> {
  const entry: OutboxEntry = { ...sending, state: 'waiting' }
  const failure = error instanceof ApiError ? error : new ApiError(0, String(error))
  const step = nextAfterFailure(entry, failure, now)
  if (step.kind === 'done') {
    await landed(entry, null, step.note)
    return true
  }
  if (step.kind === 'conflict') {
    // Merged field by field: sent again at once when no field was changed on both sides.
    const { entry: merged, sentFirst } = mergedConflict(step.entry)
    if (!(await afterTry(sending, merged))) return true
    if (sentFirst) await save(sentFirst)
    if (merged.state === 'waiting') return true
    settle({ kind: 'conflict', entry: merged })
    return true
  }
  // Discarded in another tab while it was on its way: it stays discarded.
  if (!(await afterTry(sending, step.entry))) return true
  if (step.kind === 'retry-later') settle({ kind: 'queued', entry: step.entry })
  if (step.kind === 'pause-for-auth') {
    // Refused for a member who signed out while it was on its way, with another signed in since: it
    // waits for its own member's next login, and the one signed in now stays signed in.
    if (byTheMemberSignedIn(step.entry)) pauseForAuth()
    settle({ kind: 'queued', entry: step.entry })
  }
  if (step.kind === 'failed') {
    settle({ kind: 'failed', status: failure.status, message: failure.message, entry: step.entry })
    await failDependents(entry, failure.status)
  }
  return step.kind !== 'retry-later'
}

/** The next entry to send now, 'wait' while the first one waits out its backoff, or null when none. */
function nextDue(now: number): OutboxEntry | 'wait' | null {
  const { entries: list, pausedForAuth } = useOutbox.getState()
  const next = list.find((e) => e.state === 'waiting' && byTheMemberSignedIn(e) && !(pausedForAuth && e.channel === 'admin'))
  if (!next) return null
  return next.nextAttemptAt > now ? 'wait' : next
}

async function run(mine: number, now: () => number): Promise<void> {
  await loadOutbox()
  // The queue as the device holds it now: another tab may have sent, settled or added changes since.
  await oneTabAtATime(async (alone) => {
    if (mine !== generation) return
    await rereadStoredEntries(alone)
    await sendDue(mine, now)
  })
}

async function sendDue(mine: number, now: () => number): Promise<void> {
  useOutbox.setState({ replaying: true })
  try {
    while (mine === generation) {
      const next = nextDue(now())
      if (next === null || next === 'wait') break
      if (next.channel === 'admin' && !tokenFor('admin')) {
        pauseForAuth()
        continue
      }
      // Not one discarded in another tab a moment ago.
      const sending = await changeEntry(next, (stored) => (stored.state === 'waiting' ? { ...stored, state: 'sending' } : null))
      if (!sending) continue
      // An answer that comes after a reset belongs to a queue that is gone: written now, it would put its
      // change back into the new one (waiting out a backoff, ahead of every change made since).
      try {
        const reply = await sendOne(sending, now())
        if (mine !== generation) return
        await landed(sending, reply)
      } catch (error) {
        if (mine !== generation) return
        if (!(await afterFailure(sending, error, now()))) break
      }
    }
  } finally {
    if (mine === generation) useOutbox.setState({ replaying: false })
  }
}

/**
 * Sends waiting entries one at a time, oldest first (what happens after a failure: ./decide.ts). A
 * network failure or a server error stops the run, so nothing overtakes it. One run at a time: a call
 * during a run joins it; a run in another tab of the site is waited for (./otherTabs.ts).
 */
export function replay(now: () => number = Date.now): Promise<void> {
  if (running) return running
  const mine = generation
  running = run(mine, now).finally(() => {
    if (mine === generation) running = null
  })
  return running
}

/** After staff log in again: admin entries may be sent. */
export function resumeAfterLogin(): Promise<void> {
  useOutbox.setState({ pausedForAuth: false })
  return replay()
}

/** For tests: a run started before the reset stops. */
export function resetReplay(): void {
  generation++
  running = null
}
