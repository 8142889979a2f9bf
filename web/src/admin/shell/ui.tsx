/** Small pieces every staff screen shares: the page frame, status messages, upload progress, busy state. */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { focusArrivingPage } from '../../shell/pageArrival'
import { create } from 'zustand'
import { Link } from 'wouter'
import { PENDING_HREF, usePendingCount } from './pending'
import { useOutbox } from '../../offline/outbox'
import { CONFLICT_MESSAGE, REFUSED_MESSAGE, SETTLED_MESSAGE, SYNCED_MESSAGE } from '../api/messages'
import { hintIdOf } from './fieldErrors'
import '../styles/staff'

/** The header link to Pending changes, with how many staff changes wait on this device. */
export function PendingLink({ samePage = false }: { samePage?: boolean }) {
  const count = usePendingCount()
  if (count === 0) return null
  const content = (
    <>
      Pending changes <span className="admin-count-badge">{count}</span>
      <span className="visually-hidden"> waiting on this device</span>
    </>
  )
  // On the dashboard the panel is on the same page: a plain in-page link.
  return samePage ? (
    <a href={`#${PENDING_HREF.split('#')[1]}`} className="admin-header__pending" data-testid="pending-count">
      {content}
    </a>
  ) : (
    <Link href={PENDING_HREF} className="admin-header__pending" data-testid="pending-count">
      {content}
    </Link>
  )
}

export function AdminScreen({ title, intro, children, back = true }: { title: string; intro?: ReactNode; children: ReactNode; back?: boolean }) {
  useLayoutEffect(focusArrivingPage, [])
  return (
    <main id="main" tabIndex={-1} className="admin">
      <div className="admin__inner">
        <header className="admin-header">
          <div className="admin-header__bar">
            <span className="admin-header__eyebrow">Staff area</span>
            {back ? (
              <Link href="/admin" className="admin-header__back">
                <span aria-hidden="true">←</span> Back to dashboard
              </Link>
            ) : null}
            <PendingLink samePage={!back} />
          </div>
          <h1 className="admin-header__title">{title}</h1>
          {intro ? <p className="admin-header__intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </main>
  )
}

export function AdminSection({ title, children, id, className }: { title: string; children: ReactNode; id: string; className?: string }) {
  return (
    <section className={`admin-card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

export type Tone = 'success' | 'error' | 'info'
export interface Status {
  text: string
  tone: Tone
  /** A second, smaller line (e.g. the server's reason behind a fixed message). */
  detail?: string
  /** The change waits on this device (queued or in conflict): link to Pending changes. */
  pending?: boolean
  /** The queued change it tells of: once that lands, the note says so instead of promising a sync already done. */
  entryId?: string
}

/** The one message the staff screen on show displays, and which of its status slots displays it. */
interface ShownStatus {
  owner: symbol
  status: Status
}
const useShownStatus = create<{ shown: ShownStatus | null }>(() => ({ shown: null }))

/**
 * A status slot's message, like `useState<Status | null>(null)`, but one for the whole screen: a
 * screen has a slot beside each form and list, and a new message in any of them replaces the one in
 * another (staff see the result of their last action, not a pile of old ones). Clearing a slot, or
 * leaving the screen, clears only that slot's own message.
 */
export function useStatus(): [Status | null, (status: Status | null) => void] {
  const [owner] = useState(() => Symbol('status slot'))
  const shown = useShownStatus((state) => (state.shown?.owner === owner ? state.shown.status : null))
  // A reply that arrives after the slot has gone (staff moved to another screen) must not replace
  // the message of the screen they are on now.
  const mounted = useRef(true)
  const set = useCallback(
    (status: Status | null) => {
      if (!mounted.current) return
      useShownStatus.setState((state) => ({ shown: status ? { owner, status } : state.shown?.owner === owner ? null : state.shown }))
    },
    [owner],
  )
  useEffect(() => {
    mounted.current = true
    return () => {
      // Leaving: take this slot's message with it.
      useShownStatus.setState((state) => (state.shown?.owner === owner ? { shown: null } : state))
      mounted.current = false
    }
  }, [owner])
  return [shown, set]
}

/**
 * A polite live region that is always in the page, so a message put in it is announced. With an
 * `id` (a form's statusId) it can take focus, for a form to put focus on its message.
 */
export function StatusMessage({ status: given, className, id }: { status: Status | null; className?: string; id?: string }) {
  const status = useQueuedChangeStatus(given)
  const error = status?.tone === 'error'
  // One live region at a time, never one inside another (read twice, or not at all): the slot, there
  // before its text, speaks politely; an error is an alert of its own, the slot silent meanwhile.
  return (
    <div
      id={id}
      tabIndex={id ? -1 : undefined}
      className={`admin-status-slot${className ? ` ${className}` : ''}`}
      role={error ? undefined : 'status'}
      aria-atomic={error ? undefined : 'true'}
    >
      {status ? (
        <div className={`admin-status admin-status--${status.tone}`} role={error ? 'alert' : undefined}>
          <p className="admin-status__text">{status.text}</p>
          {status.detail && status.detail !== status.text ? <p className="admin-status__detail">{status.detail}</p> : null}
          {status.pending ? (
            <p className="admin-status__detail">
              <Link href={PENDING_HREF}>See Pending changes</Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/**
 * A queued change's note, following the change: once it has landed (among the outbox's sent ones) the word
 * that it has; once the server has met it with a newer version or refused it, that, where the note said
 * it would sync; sent again from Pending changes (Retry), the queued note again.
 */
function useQueuedChangeStatus(status: Status | null): Status | null {
  const entryId = status?.entryId
  const now = useOutbox((outbox): string => {
    if (entryId === undefined) return 'none'
    if (outbox.sent.some((sent) => sent.id === entryId)) return 'landed'
    const entry = outbox.entries.find((queued) => queued.id === entryId)
    if (!entry) return 'gone'
    return entry.state === 'conflict' || entry.state === 'failed' ? `${entry.state}\n${entry.error ?? ''}` : 'queued'
  })
  // Where the change was last seen, for when it has left both lists: the sent list keeps only the last few
  // landings, and a conflict or refusal settled in Pending changes (discarded, or sent again under a new key) is gone.
  const last = useRef<{ entryId?: string; outcome: string }>({ outcome: 'none' })
  if (now !== 'gone' && now !== 'none') last.current = { entryId, outcome: now }
  const outcome = now === 'gone' && last.current.entryId === entryId ? (last.current.outcome === 'landed' ? 'landed' : 'settled') : now
  if (!status) return status
  if (outcome === 'landed') return { text: SYNCED_MESSAGE, tone: 'success' }
  if (outcome === 'settled') return { text: SETTLED_MESSAGE, tone: 'info' }
  if (!outcome.includes('\n')) return status
  const [state, reason] = outcome.split('\n', 2) as [string, string]
  return { text: state === 'conflict' ? CONFLICT_MESSAGE : REFUSED_MESSAGE, tone: 'error', detail: reason || undefined, pending: true }
}

/** The upload progress bar (shown while a body is being sent). */
export function UploadProgress({ progress, label = 'Uploading' }: { progress: number | null; label?: string }) {
  if (progress === null) return null
  const percent = Math.round(progress * 100)
  return (
    <div className="admin-progress">
      <progress className="admin-progress__bar" max={100} value={percent} aria-label={`${label} progress`}>
        {percent}%
      </progress>
      <span className="admin-progress__text" aria-hidden="true">
        {percent < 100 ? `${label}… ${percent}%` : 'Saving…'}
      </span>
    </div>
  )
}

/**
 * Busy state for one form. `run` refuses to start while a run is going (a ref, so even two clicks
 * in the same frame give one submission) and tracks upload progress.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const running = useRef(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const run = useCallback(async <T,>(task: (onProgress: (fraction: number) => void) => Promise<T>, withProgress = false): Promise<T | undefined> => {
    if (running.current) return undefined
    running.current = true
    setBusy(true)
    if (withProgress) setProgress(0)
    try {
      return await task((fraction) => {
        if (mounted.current) setProgress(fraction)
      })
    } finally {
      running.current = false
      if (mounted.current) {
        setBusy(false)
        setProgress(null)
      }
    }
  }, [])
  return { busy, progress, run }
}

/** A labelled field: label above, hint below (id `hintId`, by default hintIdOf(htmlFor), for the control's aria-describedby), the control in between. */
export function Field({
  label,
  htmlFor,
  hint,
  hintId,
  children,
  className,
}: {
  label: ReactNode
  htmlFor: string
  hint?: ReactNode
  hintId?: string
  children: ReactNode
  className?: string
}) {
  return (
    <div className={`admin-field${className ? ` ${className}` : ''}`}>
      <label className="admin-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="admin-field__hint" id={hintId ?? hintIdOf(htmlFor)}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** 'HH:MM' from a time input or the API as shown to staff (24-hour, like the public page). */
export const showTime = (value: string | null | undefined) => value || '—'
