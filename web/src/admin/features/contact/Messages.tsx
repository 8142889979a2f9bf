import { useEffect, useId } from 'react'
import type { ContactMessage } from '../../../api/types'
import { useAdminMessages } from './store'
import { formatReceived } from '../../time'
import { AdminScreen, AdminSection } from '../../shell/ui'
import '../../styles/staff'
import './contact.css'

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

export function Messages() {
  const ids = useId()
  const list = useAdminMessages()
  useEffect(() => {
    void useAdminMessages.getState().load()
  }, [])
  // Newest first whatever order arrives.
  const messages = [...(list.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)

  return (
    <AdminScreen title="Messages" intro="Everything sent through the contact form, newest first. Every message is kept here, even when email is off.">
      <AdminSection title={list.data ? `Messages (${messages.length})` : 'Messages'} id={`${ids}-list`}>
        <button
          type="button"
          className="button button--small button--ghost admin-refresh"
          onClick={() => void useAdminMessages.getState().load()}
          disabled={list.status === 'loading'}
        >
          {list.status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </button>
        {!list.data ? <p className="admin-loading">{list.status === 'error' ? 'The messages could not be loaded.' : 'Loading messages…'}</p> : null}
        {list.data && messages.length === 0 ? <p className="admin-empty">No messages yet.</p> : null}
        {messages.length > 0 ? (
          <ol className="admin-messages">
            {messages.map((m) => (
              <li key={m.id} className="admin-message" data-status={m.status}>
                <article aria-labelledby={`${ids}-m${m.id}`}>
                  <header className="admin-message__head">
                    <h3 id={`${ids}-m${m.id}`} className="admin-message__name">
                      {m.name || 'No name given'}
                    </h3>
                    <span className={`admin-badge admin-badge--${STATE[m.status]?.tone ?? 'info'}`}>{deliveryText(m)}</span>
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
                </article>
              </li>
            ))}
          </ol>
        ) : null}
      </AdminSection>
    </AdminScreen>
  )
}
