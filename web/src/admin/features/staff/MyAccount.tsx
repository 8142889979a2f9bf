import { useId, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { adminSendNow } from '../../adminApi'
import { useAdminSession, useStaffMember } from '../../session'
import { AdminScreen, AdminSection, StatusMessage, useStatus, useSubmit } from '../../shell/ui'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import { FormFooter, InputField, PasswordField } from '../../shell/formParts'
import { useMutationForm } from '../../shell/useMutationForm'
import { formatReceived } from '../../time'
import { MIN_PASSWORD_LENGTH, passwordRuleBroken } from '../../../../../api/src/shared/rules/staff-passwords'
import { currentVenue } from '../../../shell/venue'
import { accountFailure } from './accountStatus'
import { listProblem } from '../../shell/listProblem'
import { useMySessions } from './store'
import { useResource } from '../../../stores'
import '../../styles/staff'
import './staff.css'
import { BusyButton } from '../../../ui/BusyButton'

export const ACCOUNT_PATH = '/account'
export const PASSWORD_RULES = `At least ${MIN_PASSWORD_LENGTH} characters, not containing your username or the venue's name, and not easy to guess. A few words you will remember make a good one.`
/** The venue's own names, which no staff password may contain (the server checks again). */
/** The venue's current names: a password made of them is one anyone would try first. */
export const venueNames = () => [currentVenue().hotelName, currentVenue().barName]
export const MUST_CHOOSE_TEXT =
  'Please choose your own password before anything else. The one you were given was set for you; the other screens open once you have changed it.'
export const PASSWORD_CHANGED = 'Your password is changed. You stay logged in here; any other device you were logged in on has been logged out.'

export function MyAccount() {
  const mustChange = useStaffMember((s) => s.mustChangePassword)
  const username = useStaffMember((s) => s.username)
  const [changedNow, setChangedNow] = useState(false)
  return (
    <AdminScreen
      title="My Account"
      back={!mustChange}
      intro={
        username ? (
          <>
            Signed in as <strong>{username}</strong>.
          </>
        ) : undefined
      }
    >
      {mustChange ? (
        <p className="admin-status admin-status--info admin-status--block" role="alert">
          {MUST_CHOOSE_TEXT}
        </p>
      ) : null}
      {changedNow && !mustChange ? (
        <p className="admin-status admin-status--success admin-status--block">
          <Link href="/admin">Continue to the dashboard</Link>
        </p>
      ) : null}
      <PasswordForm onChanged={() => setChangedNow(true)} />
      {mustChange ? null : <SessionList />}
    </AdminScreen>
  )
}

function PasswordForm({ onChanged }: { onChanged(): void }) {
  const ids = useId()
  const username = useStaffMember((s) => s.username)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const form = useMutationForm<{ message?: string }>({
    validate: () =>
      problemIn('Enter your current password and a new one.', { current_password: !current, new_password: !next }) ??
      fieldProblem('new_password', passwordRuleBroken(next, username ?? '', venueNames())) ??
      problemIn('The two new passwords are not the same.', { repeat_password: next !== repeat }),
    send: () => adminSendNow('POST', '/api/admin/password', { current_password: current, new_password: next }),
    sent: () => ({ text: PASSWORD_CHANGED, tone: 'success' }),
    failed: (error) => accountFailure(error, 'The password could not be changed.'),
    // Only once the server took it (account changes are never queued): the form empties and the other screens open.
    settled() {
      setCurrent('')
      setNext('')
      setRepeat('')
      useStaffMember.setState({ mustChangePassword: false })
      void useMySessions.getState().load()
      onChanged()
    },
  })

  return (
    <AdminSection title="Change my password" id={`${ids}-password`}>
      <StaffForm form={form}>
        {/* For password managers: which account this password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
        <InputField
          label="Current password"
          id={`${ids}-current`}
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={current}
          onValue={setCurrent}
        />
        <div className="admin-form__row">
          <PasswordField label="New password" id={`${ids}-new`} name="new_password" hint={PASSWORD_RULES} value={next} onValue={setNext} />
          <InputField
            label="New password again"
            id={`${ids}-repeat`}
            name="repeat_password"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onValue={setRepeat}
          />
        </div>
        <FormFooter form={form} label="Change password" busyLabel="Changing…" />
      </StaffForm>
    </AdminSection>
  )
}

/** A browser's user-agent string in a few words ("Chrome on Android"). */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? (userAgent ? 'Another browser' : 'Unknown browser')
}

function SessionList() {
  const ids = useId()
  const list = useResource(useMySessions)
  const [status, setStatus] = useStatus()
  const { busy, run } = useSubmit()
  const [, navigate] = useLocation()
  const sessions = list.data ?? []

  const logOutEverywhere = () =>
    run(async () => {
      if (!window.confirm('Log out on every device, this one included?')) return
      try {
        await adminSendNow('POST', '/api/admin/logout-everywhere', {})
        navigate('/login')
        useAdminSession.getState().clear('logout')
      } catch (error) {
        setStatus(accountFailure(error, 'Logging out everywhere failed.'))
      }
    })

  return (
    <AdminSection title="Where you are logged in" id={`${ids}-sessions`}>
      {!list.data ? <p className="admin-loading">{list.status === 'error' ? listProblem(list.error, 'Your sessions') : 'Loading…'}</p> : null}
      {sessions.length > 0 ? (
        <ul className="admin-rows">
          {sessions.map((s) => (
            <li key={`${s.created_at}-${s.address}-${s.user_agent}`} className="admin-row">
              <div className="admin-row__body">
                <p className="admin-row__title">
                  {deviceName(s.user_agent)}
                  {s.current ? <span className="admin-badge admin-badge--success">This device</span> : null}
                </p>
                <p className="admin-row__meta">
                  Logged in {formatReceived(s.created_at)} · last seen {formatReceived(s.last_seen_at)}
                  {s.address ? ` · ${s.address}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="admin-form__actions staff-sessions__actions">
        <BusyButton type="button" className="button button--ghost" onClick={() => void logOutEverywhere()} busy={busy}>
          {busy ? 'Logging out…' : 'Log out everywhere'}
        </BusyButton>
      </div>
      <StatusMessage status={status} />
    </AdminSection>
  )
}
