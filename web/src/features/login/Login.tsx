import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { api, ApiError } from '../../api/client'
import type { LoginReply } from '../../api/types'
import { sendStaffChangesAfterLogin, useStaffChangesWaiting } from '../../offline/staffChanges'
import { STAFF_TOKEN_KEY } from '../../storage-keys'
import '../../ui/forms.css'
import '../../ui/info-pages.css'
import { BusyButton } from '../../ui/BusyButton'
import { staffCodeReady } from '../../shell/staffCode'

export const LOGIN_FAILED = 'Login failed. Please try again.'

/** The server's own words when it gave a reason, else the standard message. */
function loginError(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && !/^Request failed \(/.test(error.message)) return error.message
  return LOGIN_FAILED
}

/** What the login page says when staff changes wait on this device for a login. */
export function waitingText(count: number): string {
  return count === 1 ? '1 change is waiting and will be sent after you log in' : `${count} changes are waiting and will be sent after you log in`
}

/**
 * The fields the browser's own check (`required`) finds empty say aria-invalid, until typed in: the
 * browser reports each with an invalid event and focuses the first, but marks none for assistive tech.
 */
function useFieldMarks() {
  const [marked, setMarked] = useState<readonly string[]>([])
  const nameOf = (event: { target: EventTarget }) => (event.target as EventTarget & { name?: unknown }).name
  return {
    invalid: (name: string) => (marked.includes(name) ? (true as const) : undefined),
    onInvalid(event: { target: EventTarget }) {
      const name = nameOf(event)
      if (typeof name === 'string') setMarked((now) => (now.includes(name) ? now : [...now, name]))
    },
    onChange(event: { target: EventTarget }) {
      const name = nameOf(event)
      setMarked((now) => now.filter((field) => field !== name))
    },
  }
}

export function Login() {
  const [, navigate] = useLocation()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const fields = useFieldMarks()
  const errorRef = useRef<HTMLParagraphElement>(null)
  // A refused login is about neither field alone: focus goes to its message (each failure, even the same text twice).
  const [failures, setFailures] = useState(0)
  useEffect(() => {
    if (failures > 0) errorRef.current?.focus()
  }, [failures])
  // Staff changes kept on this device (a session that ended mid-sync, or work done offline): they go after the login.
  const waiting = useStaffChangesWaiting()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const reply = await api.post<LoginReply>('/api/admin/login', { username, password })
      if (!reply?.token) throw new Error('No token in the reply')
      localStorage.setItem(STAFF_TOKEN_KEY, reply.token)
      // Staff changes queued while the session had ended are sent now.
      sendStaffChangesAfterLogin()
      // The form (and the focus on its button) stays until the staff screens' code is here.
      await staffCodeReady()
      // A password set for them (first login, or reset by an owner): straight to choosing their own.
      navigate(reply.must_change_password ? '/account' : '/admin')
    } catch (failure) {
      setError(loginError(failure))
      setFailures((count) => count + 1)
      setBusy(false)
    }
  }

  return (
    <main id="main" tabIndex={-1} className="login">
      <div className="page-banner">
        <div className="container container--narrow">
          <p className="eyebrow eyebrow--light">Staff only</p>
          <h1>Staff login</h1>
        </div>
      </div>
      <div className="section">
        <div className="container container--narrow">
          <form className="form login__card" onSubmit={submit} onChangeCapture={fields.onChange}>
            {waiting > 0 ? (
              <p className="form__status login__waiting" role="status">
                {waitingText(waiting)}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor={`${id}-username`}>Username</label>
              <input
                id={`${id}-username`}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                aria-invalid={fields.invalid('username')}
                onInvalid={fields.onInvalid}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-password`}>Password</label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={fields.invalid('password')}
                onInvalid={fields.onInvalid}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <div className="form__actions">
              <BusyButton type="submit" className="button" busy={busy}>
                {busy ? 'Logging in…' : 'Log in'}
              </BusyButton>
            </div>
            <p className="form__status form__status--error" role="alert" ref={errorRef} tabIndex={-1}>
              {error}
            </p>
          </form>
        </div>
      </div>
    </main>
  )
}
