import { Component, Suspense, useState, type ReactNode } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { Layout } from './components/Layout'
import { OfflineNotice } from './components/OfflineNotice'
import { STAFF_ALIASES, STAFF_PATHS } from '../../api/src/shared/rules/staff-routes'
import { NotFound } from './pages/NotFound'
import { PUBLIC_ROUTES } from './pages/publicRoutes'
import { retryableLazy, retryFailedDownloads } from './lib/retryableLazy'

/** Staff screens are a separate chunk: public pages never download them (tried again after a failed download). */
const adminRoutes = retryableLazy(() => import('./admin/AdminRoutes'))

function StaffArea() {
  const [AdminRoutes] = useState(adminRoutes)
  return <AdminRoutes />
}

/**
 * Every staff path as one route: the staff area stays mounted while staff move between its screens
 * (one route per path would remount it, re-check the sign-in and replace the heading focus went to).
 */
const STAFF_PATTERN = new RegExp(`^(?:${STAFF_PATHS.join('|')})/?$`)

/**
 * While a page's chunk downloads (the first visit to it within the app): an empty main as tall as the
 * screen, so the footer does not jump up and back.
 */
function PageLoading() {
  return <main id="main" className="page-pending" aria-busy="true" />
}

/**
 * A page whose code could not be downloaded (no signal, and the service worker has not saved it yet)
 * says so, with the phone number, instead of leaving a blank screen; the next route tries again.
 */
class PageUnavailable extends Component<{ location: string; children: ReactNode }, { failed: boolean; location: string }> {
  override state = { failed: false, location: this.props.location }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  /**
   * Cleared in the same render as the move, not in an update after it: rendered once more at the new
   * path, the notice took the arrival's focus (lib/pageArrival.ts) and then vanished, leaving it on <body>.
   */
  static getDerivedStateFromProps(props: { location: string }, state: { location: string }) {
    if (props.location === state.location) return null
    retryFailedDownloads()
    return { failed: false, location: props.location }
  }
  override componentDidCatch(error: unknown) {
    console.error('This page could not be shown:', error)
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <main id="main" className="page-pending page-unavailable">
        <div className="container section">
          <OfflineNotice lead="This page needs a connection the first time you open it." action="if there is anything we can help with" />
        </div>
      </main>
    )
  }
}

export function App() {
  const [location] = useLocation()
  return (
    <Layout>
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
        </Suspense>
      </PageUnavailable>
    </Layout>
  )
}
