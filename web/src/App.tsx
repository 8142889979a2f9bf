import { Suspense, useEffect, useState } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { Layout } from './shell/Layout'
import { PageUnavailable } from './shell/PageUnavailable'
import { PageDrawn } from './shell/pageDrawn'
import { STAFF_ALIASES, STAFF_PATHS } from '../../api/src/shared/rules/staff-routes'
import { NotFound } from './shell/NotFound'
import { PUBLIC_ROUTES } from './routes'
import { routeAt } from './shell/publicRoutes'
import { retryableLazy } from './shell/retryableLazy'
import { registerStaffCode } from './shell/staffCode'
import { NoticeSlot } from './features/notices'

/** Staff screens are a separate chunk: public pages never download them (tried again after a failed download). */
/** The staff area's module once it is here: rendered as it is, not through lazy, which would show its fallback for React's reveal throttle (about 300 ms). */
let staffArea: typeof import('./admin/AdminRoutes') | null = null
const loadStaffArea = () =>
  import('./admin/AdminRoutes').then((module) => {
    staffArea = module
    return module
  })
const adminRoutes = retryableLazy(loadStaffArea)
registerStaffCode(loadStaffArea)

function StaffArea() {
  const [AdminRoutes] = useState(() => staffArea?.default ?? adminRoutes())
  return <AdminRoutes />
}

/**
 * Every staff path as one route: the staff area stays mounted while staff move between its screens
 * (one route per path would remount it, re-check the sign-in and replace the heading focus went to).
 */
const STAFF_PATTERN = new RegExp(`^(?:${STAFF_PATHS.join('|')})/?$`)

/**
 * While a page's chunk downloads (the first visit to it within the app): an empty main as tall as the
 * screen, so the footer does not jump up and back. The page's data downloads meanwhile, alongside.
 */
function PageLoading() {
  const [location] = useLocation()
  useEffect(() => routeAt(location)?.loadData?.(), [location])
  return (
    <main id="main" className="page-pending" aria-busy="true">
      {/* Dark under the see-through header, as the hero or banner that comes will be. */}
      <div className="page-banner" />
    </main>
  )
}

export function App() {
  const [location] = useLocation()
  // Notices are for visitors: the staff screens have their own dashboard, and no room to spare on a phone.
  const notice = STAFF_PATTERN.test(location) ? null : <NoticeSlot />
  return (
    <Layout notice={notice}>
      <PageUnavailable location={location}>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {PUBLIC_ROUTES.map(({ path, page }) => (
              <Route key={path} path={path} component={page} />
            ))}
            {Object.entries(STAFF_ALIASES).map(([alias, path]) => (
              <Route key={alias} path={alias}>
                <Redirect to={path} replace />
              </Route>
            ))}
            <Route path={STAFF_PATTERN}>
              <Suspense fallback={<p className="page-loading">Loading…</p>}>
                <StaffArea />
              </Suspense>
            </Route>
            <Route component={NotFound} />
          </Switch>
          <PageDrawn />
        </Suspense>
      </PageUnavailable>
    </Layout>
  )
}
