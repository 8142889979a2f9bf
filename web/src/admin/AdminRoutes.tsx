/**
 * The staff area: the guard and one screen per admin route. Loaded lazily, so public pages never
 * download it. Without a stored adminToken every route sends the visitor to '/'; a session that
 * ended (expired, revoked, logged out) goes to '/login'.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { ApiError } from '../api/client'
import { adminGet, connectOutbox, signOutExpired } from './adminApi'
import { useOutbox } from '../offline/outbox'
import { AddHoliday, DeleteHoliday } from './features/holidays/holidays'
import { CreateEvent } from './features/events/CreateEvent'
import { Dashboard } from './shell/Dashboard'
import { ManageAttractions } from './features/attractions/ManageAttractions'
import { ManageEvent } from './features/events/ManageEvent'
import { ManageGalleries } from './features/galleries/ManageGalleries'
import { ManageNotices } from './features/notices/ManageNotices'
import { ManagePages } from './features/pages/ManagePages'
import { ManageTimes } from './features/opening-times/ManageTimes'
import { Messages } from './features/contact/Messages'
import { UploadMenus } from './features/menus/UploadMenus'
import { MyAccount, ACCOUNT_PATH } from './features/staff/MyAccount'
import { StaffMembers } from './features/staff/StaffMembers'
import { Activity } from './features/activity/Activity'
import { VenueDetails } from './features/venue/VenueDetails'
import type { DashboardReply } from '../api/types'
import { noteMember, useAdminSession, useStaffMember } from './session'
import { STAFF_TOKEN_KEY } from '../storage-keys'
import { STAFF_HOME, type StaffPath } from '../../../api/src/shared/rules/staff-routes'
import './styles/staff'
// Registers the staff features with the shell (record kinds, their lists) before any screen shows.
import './features/registry'

export const ADMIN_SCREENS = {
  '/admin': Dashboard,
  '/manageGalleries': ManageGalleries,
  '/manageAttractions': ManageAttractions,
  '/manageTimes': ManageTimes,
  '/addHoliday': AddHoliday,
  '/deleteHoliday': DeleteHoliday,
  '/uploadMenus': UploadMenus,
  '/createEvent': CreateEvent,
  '/manageEvent': ManageEvent,
  '/manageNotices': ManageNotices,
  '/managePages': ManagePages,
  '/messages': Messages,
  '/account': MyAccount,
  '/staff': StaffMembers,
  '/activity': Activity,
  '/venueDetails': VenueDetails,
} as const satisfies Record<StaffPath, ComponentType>

export default function AdminRoutes() {
  const [location, navigate] = useLocation()
  // True once this mount has read the stored token (a login in between may have stored a new one).
  const [ready, setReady] = useState(false)
  const token = useAdminSession((s) => s.token)
  const endedBy = useAdminSession((s) => s.endedBy)
  const verified = useRef<string | null>(null)
  const mustChangePassword = useStaffMember((s) => s.mustChangePassword)

  // Read the stored token once (before the first paint, so a screen, not the sign-in check, comes first
  // after a login), and follow sign-outs made in other tabs.
  useLayoutEffect(() => {
    useAdminSession.getState().hydrate()
    setReady(true)
    // Queued changes are sent with this session's token; if a replay already met a 401, staff log in again.
    void connectOutbox().then(() => {
      if (useOutbox.getState().pausedForAuth && useOutbox.getState().entries.some((e) => e.channel === 'admin')) signOutExpired()
    })
    const onStorage = (event: StorageEvent) => {
      if (event.key === STAFF_TOKEN_KEY || event.key === null) useAdminSession.getState().hydrate()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  // The guard.
  useEffect(() => {
    if (ready && !token) navigate(endedBy ? '/login' : '/', { replace: true })
  }, [ready, token, endedBy, navigate])

  // Off the dashboard (which checks for itself), make sure a stored token is still good before staff
  // type into a form: a 401 saves drafts and goes to /login. Offline, carry on.
  useEffect(() => {
    if (!ready || !token || location === STAFF_HOME || verified.current === token) return
    verified.current = token
    adminGet<DashboardReply>('/api/admin/dashboard')
      .then(noteMember)
      .catch((error) => {
        if (!(error instanceof ApiError) || error.status !== 401) verified.current = null
      })
  }, [ready, token, location])

  // A password set for them (first login, or a reset): the server refuses everything else until they
  // choose their own, so every screen leads to My account (which says why) rather than failing.
  useEffect(() => {
    if (ready && token && mustChangePassword && location !== ACCOUNT_PATH) navigate(ACCOUNT_PATH, { replace: true })
  }, [ready, token, mustChangePassword, location, navigate])

  if (!ready || !token) {
    return (
      // Busy: the screen replaces this main in a moment, so focus after a move waits for its heading.
      <main id="main" tabIndex={-1} className="admin admin--checking" aria-busy="true">
        <p className="admin-loading" role="status">
          Checking your sign-in…
        </p>
      </main>
    )
  }

  return (
    <Switch>
      {Object.entries(ADMIN_SCREENS).map(([path, Screen]) => (
        <Route key={path} path={path} component={Screen} />
      ))}
      <Route component={Dashboard} />
    </Switch>
  )
}
