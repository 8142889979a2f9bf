import { useEffect, useId, useRef, useState } from 'react'
import type { StaffMember } from '../../../api/types'
import { adminSendNow } from '../../adminApi'
import { useStaffMember } from '../../session'
import { AdminScreen, AdminSection, StatusMessage, useStatus, useSubmit, type Status } from '../../shell/ui'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import { FormFooter, InputField, PasswordField, SelectField } from '../../shell/formParts'
import { useMutationForm } from '../../shell/useMutationForm'
import { useRowDelete } from '../../shell/useRowDelete'
import { formatReceived } from '../../time'
import { passwordRuleBroken } from '../../../../../api/src/shared/rules/staff-passwords'
import { OWNER_ONLY_MESSAGE, type StaffRole } from '../../../../../api/src/shared/rules/staff-roles'
import { accountFailure } from './accountStatus'
import { venueNames } from './MyAccount'
import { listProblem } from '../../shell/listProblem'
import { useStaffList } from './store'
import { useResource } from '../../../stores'
import '../../styles/staff'
import './staff.css'
import { focusFollowsList } from '../../shell/listFocus'
import { BusyButton } from '../../../ui/BusyButton'

export const FIRST_PASSWORD_HINT = 'At least 12 characters, not containing the username, not a common password. They choose their own at their first login.'
const ROLE_TEXT: Record<StaffRole, string> = { owner: 'Owner', editor: 'Editor' }

/** A member's state in words. */
export function memberState(member: StaffMember): string {
  if (member.disabled) return 'Disabled'
  if (member.must_change_password) return 'Must choose a password at next login'
  return 'Active'
}

const path = (username: string) => `/api/admin/staff/${encodeURIComponent(username)}`
const STAFF_INTRO =
  'Who can log in to the staff area. Owners can do everything, including this page; editors can change the website and read messages. These changes need a connection to the server.'

const reload = () => void useStaffList.getState().load()

export function StaffMembers() {
  const ids = useId()
  const list = useResource(useStaffList)
  const members = list.data ?? []
  // An editor who opens the screen anyway (a typed address): the server refused, and the screen says so instead of offering forms.
  const editor = useStaffMember((s) => s.role === 'editor')
  // Said beside the list, not in the member's row: the row goes once the list is reloaded.
  const rowDelete = useRowDelete<string>()
  const onRemove = (name: string) =>
    rowDelete.run({
      key: name,
      question: `Remove ${name}? They are logged out at once and can no longer log in.`,
      send: () => adminSendNow('DELETE', path(name)),
      done: () => ({ text: `${name} is removed.`, tone: 'success' }),
      failed: (error) => accountFailure(error, `${name} could not be changed.`),
      reload: () => useStaffList.getState().load(),
    })
  if (editor || (list.status === 'error' && list.error === OWNER_ONLY_MESSAGE)) {
    return (
      <AdminScreen title="Staff" intro={STAFF_INTRO}>
        <p className="admin-status admin-status--error admin-status--block" role="alert">
          {listProblem(OWNER_ONLY_MESSAGE, 'Staff accounts')}
        </p>
      </AdminScreen>
    )
  }
  return (
    <AdminScreen title="Staff" intro={STAFF_INTRO}>
      <AddMember />
      <AdminSection title={list.data ? `Members (${members.length})` : 'Members'} id={`${ids}-list`}>
        {!list.data ? <p className="admin-loading">{list.status === 'error' ? listProblem(list.error, 'Staff accounts') : 'Loading staff…'}</p> : null}
        <StatusMessage status={rowDelete.status} />
        {members.length > 0 ? (
          <ul className="admin-rows staff-members">
            {members.map((m) => (
              <MemberRow
                key={m.username}
                member={m}
                onlyOwner={isOnlyActiveOwner(m, members)}
                removing={rowDelete.busy === m.username}
                onRemove={() => void onRemove(m.username)}
              />
            ))}
          </ul>
        ) : null}
      </AdminSection>
    </AdminScreen>
  )
}

function AddMember() {
  const ids = useId()
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<StaffRole>('editor')
  const [password, setPassword] = useState('')
  const form = useMutationForm<{ message?: string }>({
    validate: () =>
      problemIn('Enter a username.', { username: !username.trim() }) ?? fieldProblem('password', passwordRuleBroken(password, username, venueNames())),
    send: () => adminSendNow('POST', '/api/admin/staff', { username: username.trim(), role, password }),
    sent: (reply) => ({
      text: reply?.message || `${username.trim()} can now log in.`,
      tone: 'success',
      detail: 'Give them the first password in person, not by email or message.',
    }),
    failed: (error) => accountFailure(error, 'The member could not be added.'),
    settled() {
      setUsername('')
      setPassword('')
      reload()
    },
  })
  return (
    <AdminSection title="Add a member" id={`${ids}-add`}>
      <StaffForm form={form}>
        <div className="admin-form__row">
          <InputField
            label="Username"
            id={`${ids}-username`}
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onValue={setUsername}
          />
          <SelectField label="Role" id={`${ids}-role`} name="role" value={role} onValue={(value) => setRole(value as StaffRole)}>
            <option value="editor">Editor — content and messages</option>
            <option value="owner">Owner — everything, including staff</option>
          </SelectField>
        </div>
        <FirstPassword label="First password" id={`${ids}-password`} value={password} onValue={setPassword} />
        <FormFooter form={form} label="Add member" busyLabel="Adding…" />
      </StaffForm>
    </AdminSection>
  )
}

/** A password an owner sets for a member to hand over (shown as typed), with the rules and what happens next as its hint. */
function FirstPassword(field: { label: string; id: string; value: string; onValue(value: string): void }) {
  return <PasswordField {...field} name="password" hint={FIRST_PASSWORD_HINT} visible />
}

/** The one active owner: the server refuses to demote, disable or remove them (409), so those are not offered. */
export function isOnlyActiveOwner(member: StaffMember, members: readonly StaffMember[]): boolean {
  const activeOwners = members.filter((m) => m.role === 'owner' && !m.disabled)
  return activeOwners.length === 1 && activeOwners[0] === member
}

function MemberRow({ member, onlyOwner, removing, onRemove }: { member: StaffMember; onlyOwner: boolean; removing: boolean; onRemove(): void }) {
  const me = useStaffMember((s) => s.username)
  const [status, setStatus] = useStatus()
  const { busy: changing, run } = useSubmit()
  const busy = changing || removing
  const [resetting, setResetting] = useState(false)
  const ids = useId()
  // Once the reset form closes after its send, focus goes back to the button that opened it (not the page's body).
  const resetToggle = useRef<HTMLButtonElement>(null)
  const [refocus, setRefocus] = useState(false)
  useEffect(() => {
    if (refocus && !resetting) {
      resetToggle.current?.focus()
      setRefocus(false)
    }
  }, [refocus, resetting])
  const name = member.username

  const change = (body: Record<string, unknown>, done: string) =>
    run(async () => {
      try {
        await adminSendNow('PUT', path(name), body)
        setStatus({ text: done, tone: 'success' })
        reload()
      } catch (error) {
        setStatus(accountFailure(error, `${name} could not be changed.`))
      }
    })

  const otherRole: StaffRole = member.role === 'owner' ? 'editor' : 'owner'
  return (
    <li className={`admin-row staff-member${member.disabled ? ' is-past' : ''}`} data-username={name}>
      <div className="admin-row__body">
        <p className="admin-row__title">
          {name}
          {name === me ? <span className="admin-badge admin-badge--muted">You</span> : null}
          <span className={`admin-badge admin-badge--${member.role === 'owner' ? 'success' : 'info'}`}>{ROLE_TEXT[member.role]}</span>
        </p>
        <p className="admin-row__meta">
          {memberState(member)} · {member.last_login_at ? `last login ${formatReceived(member.last_login_at)}` : 'never logged in'}
        </p>
        <StatusMessage status={status} />
      </div>
      <fieldset className="staff-member__actions">
        <legend className="visually-hidden">Actions for {name}</legend>
        {onlyOwner ? (
          <p className="admin-row__meta">The only owner: make another member an owner before changing this account's role or removing it.</p>
        ) : (
          <BusyButton
            type="button"
            className="button button--small button--ghost"
            busy={busy}
            onClick={focusFollowsList(() => change({ role: otherRole }, `${name} is now ${ROLE_TEXT[otherRole].toLowerCase()}.`))}
          >
            Make {ROLE_TEXT[otherRole].toLowerCase()}
            <span className="visually-hidden"> — {name}</span>
          </BusyButton>
        )}
        {onlyOwner ? null : (
          <>
            <BusyButton
              type="button"
              className="button button--small button--ghost"
              busy={busy}
              onClick={focusFollowsList(() =>
                change({ disabled: !member.disabled }, member.disabled ? `${name} can log in again.` : `${name} is disabled and logged out everywhere.`),
              )}
            >
              {member.disabled ? 'Enable' : 'Disable'}
              <span className="visually-hidden"> {name}</span>
            </BusyButton>
            <BusyButton type="button" className="button button--small button--danger" busy={busy} onClick={focusFollowsList(() => onRemove())}>
              Remove<span className="visually-hidden"> {name}</span>
            </BusyButton>
          </>
        )}
        {/* Last: the form it opens follows it (below). */}
        <BusyButton
          type="button"
          className="button button--small button--ghost"
          busy={busy}
          ref={resetToggle}
          onClick={() => setResetting((open) => !open)}
          aria-expanded={resetting}
          aria-controls={resetting ? `${ids}-reset` : undefined}
        >
          Reset password<span className="visually-hidden"> for {name}</span>
        </BusyButton>
      </fieldset>
      {/* After the actions, so Tab goes from "Reset password" into the form it opened. */}
      {resetting ? (
        <ResetPassword
          id={`${ids}-reset`}
          username={name}
          onDone={(done) => {
            setStatus(done)
            setResetting(false)
            setRefocus(true)
          }}
        />
      ) : null}
    </li>
  )
}

/** The reset form at the foot of a member's row, after its actions; `onDone` gets the success message (the row shows it once the form closes). */
function ResetPassword({ id, username, onDone }: { id: string; username: string; onDone(status: Status): void }) {
  const [password, setPassword] = useState('')
  const form = useMutationForm<{ message?: string }>({
    validate: () => fieldProblem('password', passwordRuleBroken(password, username, venueNames())),
    send: () => adminSendNow('PUT', path(username), { password }),
    sent: () => ({ text: `${username}'s password is reset: they are logged out and choose a new one at their next login.`, tone: 'success' }),
    failed: (error) => accountFailure(error, 'The password could not be reset.'),
    settled(status) {
      setPassword('')
      onDone(status)
      reload()
    },
  })
  return (
    <StaffForm form={form} className="admin-form staff-reset" id={id}>
      <FirstPassword label={`New password for ${username}`} id={`${id}-password`} value={password} onValue={setPassword} />
      {/* Not "Reset password" again: that names the button that opened this form. */}
      <FormFooter form={form} label="Save new password" busyLabel="Saving…" small />
    </StaffForm>
  )
}
