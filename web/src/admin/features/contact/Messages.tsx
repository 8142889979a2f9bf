import { useEffect, useId } from 'react'
import { useOnline } from '../../../lib/hooks'
import type { ContactMessage } from '../../../api/types'
import { failureStatus, mutate } from '../../adminApi'
import { PendingBadge, usePending } from '../../shell/pending'
import { useAdminMessages } from './store'
import { useResource } from '../../../stores'
import { mergeMessages, type DisplayMessage, type MessageMeta } from './changes'
import { formatReceived } from '../../time'
import { listProblem } from '../../shell/listProblem'
import { AdminScreen, AdminSection, StatusMessage, useStatus, useSubmit } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import { useDashboard } from '../../shell/stores'
import '../../styles/staff'
import './contact.css'
import { focusFollowsList } from '../../shell/listFocus'
import { BusyButton } from '../../../ui/BusyButton'

const STATE: Record<ContactMessage['status'], { label: string; tone: string }> = {
  sent: { label: 'Emailed', tone: 'success' },
  stored: { label: 'Stored (email is off)', tone: 'info' },
  pending: { label: 'Sending', tone: 'info' },
  failed: { label: 'Email failed, will retry', tone: 'error' },
}

export function deliveryText(message: ContactMessage): string {
  const state = STATE[message.status]?.label ?? message.status
  if (message.status === 'sent' && message.sent_at) return `${state} ${formatReceived(message.sent_at)}`
  if (message.status === 'failed') return `${state} (${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'})`
  return state
}

/** Who marked a message handled and when; a mark still on this device says so. */
export function handledText(message: DisplayMessage): string | null {
  if (message.pending?.op === 'update' && message.handled_at) return 'Marked handled on this device'
  if (!message.handled_at) return null
  return `Handled by ${message.handled_by ?? 'staff'} ${formatReceived(message.handled_at)}`
}

export function Messages() {
  const ids = useId()
  const list = useResource(useAdminMessages)
  const pending = usePending('message')
  // The list stays as loaded when the connection drops with the screen open: say so then too, not only when it was read from memory.
  const online = useOnline()
  useEffect(() => {
    // The retention period comes with the dashboard's reply; opened directly, this screen asks for it.
    if (useDashboard.getState().status !== 'granted') void useDashboard.getState().check({ quiet: true })
  }, [])
  // Newest first whatever order arrives.
  const messages = mergeMessages(list.data ?? [], pending).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
  const retentionDays = useDashboard((state) => (state.status === 'granted' ? state.messageRetentionDays : undefined))
  // Said beside the list, not in the message's row: the row goes once the list is reloaded.
  const rowDelete = useRowDelete<number>()
  const onDelete = (m: DisplayMessage, who: string) =>
    rowDelete.run({
      key: m.id,
      question: `Delete the message from ${who}? It cannot be brought back.`,
      send: () =>
        mutate({
          method: 'DELETE',
          path: `/api/admin/messages/${m.id}`,
          label: `Delete the message from ${who}`,
          record: `message:${m.id}`,
          meta: { kind: 'message', op: 'delete', id: m.id } satisfies MessageMeta,
          // A visitor's message is personal data: a change waiting offline is kept in memory only.
          keep: false,
        }),
      done: () => ({ text: 'Message deleted.', tone: 'success' }),
      failed: (error) => failureStatus(error, 'The message could not be changed.', 'Changing a message'),
      reload: () => useAdminMessages.getState().load(),
    })

  return (
    <AdminScreen
      title="Messages"
      intro={`Everything sent through the contact form, newest first. Every message is kept here, even when email is off, and deleted automatically ${retentionText(retentionDays)}.`}
    >
      <AdminSection title={list.data ? `Messages (${messages.length})` : 'Messages'} id={`${ids}-list`}>
        <button
          type="button"
          className="button button--small button--ghost admin-refresh"
          onClick={() => void useAdminMessages.getState().load()}
          disabled={list.status === 'loading'}
        >
          {list.status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </button>
        {!list.data && list.status === 'error' ? (
          <p className="admin-status admin-status--error admin-status--block" role="alert">
            {listProblem(list.error, 'The messages')}
          </p>
        ) : null}
        {!list.data && list.status !== 'error' ? <p className="admin-loading">Loading messages…</p> : null}
        <StatusMessage status={rowDelete.status} />
        {list.data && (list.fromCache || !online) ? (
          <p className="admin-form__note">
            Offline: showing the messages as loaded earlier in this visit. They are kept in memory only, never saved on this device, and so are changes made to
            them until the connection returns.
          </p>
        ) : null}
        {list.data && messages.length === 0 ? <p className="admin-empty">No messages yet.</p> : null}
        {messages.length > 0 ? (
          <ol className="admin-messages">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} headingId={`${ids}-m${m.id}`} sending={rowDelete.busy === m.id} onDelete={(who) => void onDelete(m, who)} />
            ))}
          </ol>
        ) : null}
      </AdminSection>
    </AdminScreen>
  )
}

function MessageItem({
  message: m,
  headingId,
  sending,
  onDelete,
}: {
  message: DisplayMessage
  headingId: string
  /** Its deletion is on its way (said beside the list). */
  sending: boolean
  onDelete(who: string): void
}) {
  const [status, setStatus] = useStatus()
  const { busy: marking, run } = useSubmit()
  const busy = marking || sending
  const who = m.name || m.email || 'this visitor'
  const deleting = m.pending?.op === 'delete'
  const handled = handledText(m)

  const markHandled = (value: boolean) =>
    run(async () => {
      try {
        await mutate({
          method: 'PUT',
          path: `/api/admin/messages/${m.id}`,
          record: `message:${m.id}`,
          body: { handled: value },
          label: `Mark the message from ${who} ${value ? 'handled' : 'not handled'}`,
          meta: { kind: 'message', op: 'update', id: m.id, handled: value } satisfies MessageMeta,
          keep: false,
        })
        setStatus({ text: value ? 'Marked handled.' : 'Marked not handled.', tone: 'success' })
        await useAdminMessages.getState().load()
      } catch (error) {
        setStatus(failureStatus(error, 'The message could not be changed.', 'Changing a message'))
      }
    })

  return (
    <li
      className={`admin-message${m.pending ? ' is-pending' : ''}${deleting ? ' is-deleted' : ''}`}
      data-status={m.status}
      data-handled={m.handled_at ? 'true' : undefined}
    >
      <article aria-labelledby={headingId}>
        <header className="admin-message__head">
          <h3 id={headingId} className="admin-message__name">
            {m.name || 'No name given'}
          </h3>
          <span className={`admin-badge admin-badge--${STATE[m.status]?.tone ?? 'info'}`}>{deliveryText(m)}</span>
          <PendingBadge mark={m.pending} />
        </header>
        <p className="admin-message__meta">
          <time dateTime={m.created_at}>{formatReceived(m.created_at)}</time>
          {m.email ? (
            <>
              {' · '}
              <a href={`mailto:${m.email}`}>{m.email}</a>
            </>
          ) : null}
          {m.phone ? (
            <>
              {' · '}
              <a href={`tel:${m.phone.replace(/\s+/g, '')}`}>{m.phone}</a>
            </>
          ) : null}
        </p>
        <p className="admin-message__text">{m.message}</p>
        {m.status === 'failed' && m.last_error ? <p className="admin-message__error">Last error: {m.last_error}</p> : null}
        {handled ? <p className="admin-message__handled">{handled}</p> : null}
        <div className="admin-message__actions">
          <BusyButton
            type="button"
            className="button button--small button--ghost"
            busy={busy || deleting}
            onClick={focusFollowsList(() => markHandled(!m.handled_at))}
          >
            {m.handled_at ? 'Mark not handled' : 'Mark handled'}
            <span className="visually-hidden"> — message from {who}</span>
          </BusyButton>
          <BusyButton type="button" className="button button--small button--danger" busy={busy || deleting} onClick={focusFollowsList(() => onDelete(who))}>
            Delete<span className="visually-hidden"> the message from {who}</span>
          </BusyButton>
        </div>
        <StatusMessage status={status} />
      </article>
    </li>
  )
}

/** How long messages are kept, in words: "after 12 months" for the default 365 days. */
export function retentionText(days: number | undefined): string {
  if (days === undefined) return "after the venue's retention period (12 months unless it was changed)"
  if (days % 365 === 0) return days === 365 ? 'after 12 months' : `after ${days / 365} years`
  if (days % 30 === 0) return days === 30 ? 'after 1 month' : `after ${days / 30} months`
  return days === 1 ? 'after 1 day' : `after ${days} days`
}
