import { useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { onServerReached } from '../../api/client'
import { useOnline } from '../../lib/hooks'
import { addSentListener } from '../../offline/outbox'
import { adminPostNow } from '../adminApi'
import { takeReturnTo } from '../drafts'
import { useAdminSession, useStaffMember } from '../session'
import { clearAdminCache, resetAdminStores, useDashboard } from './stores'
import { usePendingCount } from './pending'
import { AdminScreen, useSubmit } from './ui'
import { PendingChangesPanel } from './PendingChanges'
import { mayOpen, STAFF_TASKS, staffTaskAt, type StaffTask } from '../../../../api/src/shared/rules/staff-routes'
import '../styles/staff'
import './dashboard.css'
import { BusyButton } from '../../ui/BusyButton'

export const ACCESS_GRANTED = 'Access granted!'
export const ACCESS_DENIED = 'Access denied. Redirecting to login...'
/** SPEC.md §9: the delay before a denied visitor is sent to /login. */
export const DENIED_REDIRECT_MS = 2000

/** What each task's tile says under its name (staff copy, so it stays out of the public bundle). */
const TASK_TEXT: Record<StaffTask['path'], string> = {
  '/manageGalleries': 'Add photos to each page and remove old ones.',
  '/manageAttractions': 'The places to visit nearby, with pictures and links.',
  '/manageTimes': 'Opening hours, breakfast and lunch for each venue.',
  '/addHoliday': 'Different hours or a closure on a bank holiday.',
  '/deleteHoliday': 'Take a bank holiday exception off the site.',
  '/uploadMenus': 'Replace the bar or cafe menu with a new PDF.',
  '/createEvent': 'Announce a new event with a picture and tickets.',
  '/manageEvent': 'Edit or remove events already on the site.',
  '/manageNotices': 'A short notice at the top of every page, from a start to an end.',
  '/managePages': 'The words and pictures of each page: titles, text, rooms and tiles.',
  '/messages': 'Messages sent through the contact form.',
  '/account': 'Your password, and where you are logged in.',
  '/staff': 'Add staff, change roles, reset passwords.',
  '/activity': 'Who changed what, and when.',
  '/venueDetails': 'Names, phone, address, map and booking addresses.',
}

/** The tasks whose screens show nothing saved and queue nothing: offline, their tiles say they need the server. */
const NEEDS_SERVER: ReadonlySet<StaffTask['path']> = new Set(['/account', '/staff', '/activity'])

export function Dashboard() {
  const state = useDashboard()
  const [, navigate] = useLocation()
  const [returnTo, setReturnTo] = useState<string | null>(null)
  const logout = useSubmit()
  const pendingCount = usePendingCount()
  // Said as the device knows it: with no network at all, "the server cannot be reached" sends staff hunting for a server fault.
  const online = useOnline()

  useEffect(() => {
    void useDashboard.getState().check()
    const path = takeReturnTo()
    if (path && staffTaskAt(path)) setReturnTo(path)
  }, [])

  // "Cannot be reached" lasts only until the server answers anything: a list loading, a queued change
  // landing (uploads too, which do not go through the client), or the browser saying it is back online.
  useEffect(() => {
    if (state.status !== 'offline') return
    let checking = false
    const recheck = () => {
      if (checking) return
      checking = true
      void useDashboard
        .getState()
        .check({ quiet: true })
        .finally(() => (checking = false))
    }
    const stops = [onServerReached(recheck), addSentListener(recheck)]
    window.addEventListener('online', recheck)
    return () => {
      for (const stop of stops) stop()
      window.removeEventListener('online', recheck)
    }
  }, [state.status])

  // Denied: say so, then go to /login after 2 s.
  useEffect(() => {
    if (state.status !== 'denied') return
    const timer = setTimeout(() => {
      useAdminSession.getState().clear('expired')
      navigate('/login')
    }, DENIED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [state.status, navigate])

  const onLogout = () =>
    logout.run(async () => {
      try {
        await adminPostNow('/api/admin/logout', {})
      } catch (error) {
        // Offline or already expired: forgetting the token here still signs this device out.
        console.error('Logout call failed:', error)
      }
      navigate('/login')
      useAdminSession.getState().clear('logout')
      resetAdminStores()
      // The lists kept for offline work go; queued changes stay and are sent after the next login.
      await clearAdminCache()
    })

  return (
    <AdminScreen title="Dashboard" back={false} intro="Everything visitors see on the website, in one place.">
      {state.status === 'loading' ? (
        <p className="admin-loading" role="status">
          Loading…
        </p>
      ) : null}
      {state.status === 'denied' ? (
        <p className="admin-status admin-status--error admin-status--block" role="alert">
          {ACCESS_DENIED}
        </p>
      ) : null}
      {state.status === 'offline' ? (
        <div className="admin-status admin-status--info admin-status--block" role="status">
          <p className="admin-status__text">
            {online ? 'The server cannot be reached.' : 'You are offline.'} You can keep working: changes are saved on this device and sent when the connection
            returns.
          </p>
          <button type="button" className="button button--small" onClick={() => void useDashboard.getState().check()}>
            Try again
          </button>{' '}
          {/* Signing out must not need the server (a shared back-office computer): onLogout forgets the token anyway. */}
          <BusyButton type="button" className="button button--ghost button--small" onClick={() => void onLogout()} busy={logout.busy}>
            {logout.busy ? 'Logging out…' : 'Log out'}
          </BusyButton>
        </div>
      ) : null}
      {state.status === 'offline' && pendingCount > 0 ? <PendingChangesPanel /> : null}
      {state.status === 'offline' ? <StaffTasks offline /> : null}
      {state.status === 'offline' && pendingCount === 0 ? <PendingChangesPanel /> : null}
      {state.status === 'granted' && state.message === ACCESS_GRANTED ? (
        <>
          <div className="admin-welcome">
            <p className="admin-welcome__granted" role="status">
              {state.message}
            </p>
            <p className="admin-welcome__user">
              Signed in as <strong>{state.username}</strong>
            </p>
            <BusyButton type="button" className="button button--ghost button--small admin-welcome__logout" onClick={() => void onLogout()} busy={logout.busy}>
              {logout.busy ? 'Logging out…' : 'Log out'}
            </BusyButton>
          </div>
          {returnTo ? (
            <p className="admin-status admin-status--info admin-status--block">
              Your unsaved input was kept when you were signed out. <Link href={returnTo}>Continue on {staffTaskAt(returnTo)?.label}</Link>
            </p>
          ) : null}
          {/* Changes still on this device come first; when there are none, the panel sits below the tasks. */}
          {pendingCount > 0 ? <PendingChangesPanel /> : null}
          <StaffTasks />
          {pendingCount === 0 ? <PendingChangesPanel /> : null}
        </>
      ) : null}
    </AdminScreen>
  )
}

function StaffTasks({ offline = false }: { offline?: boolean }) {
  // Owner-only tasks (Staff, Activity) show once the server has said this member is an owner (on this device, if offline now).
  const role = useStaffMember((s) => s.role)
  return (
    <nav aria-label="Staff tasks" className="admin-tasks">
      <ul className="admin-tiles">
        {STAFF_TASKS.filter((task) => mayOpen(task, role)).map((task) => (
          <li key={task.path}>
            <Link href={task.path} className="admin-tile">
              <span className="admin-tile__label">{task.label}</span>
              <span className="admin-tile__text">
                {TASK_TEXT[task.path]}
                {offline && NEEDS_SERVER.has(task.path) ? ' Needs a connection to the server.' : null}
              </span>
              <span className="admin-tile__arrow" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
