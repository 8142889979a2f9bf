import { lazy, Suspense } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { Layout } from './components/Layout'
import { ADMIN_PATHS } from './lib/routes'
import { About } from './pages/About'
import { Around } from './pages/Around'
import { Contact } from './pages/Contact'
import { Drink } from './pages/Drink'
import { Eat } from './pages/Eat'
import { Events } from './pages/Events'
import { Home } from './pages/Home'
import { Login } from './pages/Login'
import { Menu } from './pages/Menu'
import { NotFound } from './pages/NotFound'
import { Stay } from './pages/Stay'

/** Staff screens are a separate chunk: public pages never download them. */
const AdminRoutes = lazy(() => import('./admin/AdminRoutes'))

export function App() {
  return (
    <Layout>
      <Switch>
        <Route path="/" component={Home} />
        <Route path="/about" component={About} />
        <Route path="/eat" component={Eat} />
        <Route path="/drink" component={Drink} />
        <Route path="/stay" component={Stay} />
        <Route path="/events" component={Events} />
        <Route path="/around" component={Around} />
        <Route path="/contact" component={Contact} />
        <Route path="/menu/:menuId" component={Menu} />
        <Route path="/login" component={Login} />
        <Route path="/adminDashboard">
          <Redirect to="/admin" replace />
        </Route>
        {ADMIN_PATHS.map((path) => (
          <Route key={path} path={path}>
            <Suspense fallback={<p className="page-loading">Loading…</p>}>
              <AdminRoutes />
            </Suspense>
          </Route>
        ))}
        <Route component={NotFound} />
      </Switch>
    </Layout>
  )
}
