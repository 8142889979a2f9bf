import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { App } from './App'
import { afterNextPaint, whenIdle } from './lib/idle'
import { watchConnectivity } from './offline/connectivity'
import { PUBLIC_ROUTES } from './routes'
import { canonicalPath, routeAt } from './shell/publicRoutes'
import { loadServedNotice, loadVisitorNotice } from './features/notices'
import { applyFullStylesheet } from './shell/fullStylesheet'
import { whenPageDrawn } from './shell/pageDrawn'

// Served at another spelling of its address (/eat//, /eat/index.html), the page is hydrated at its own:
// the router then finds the page the server rendered, not "We can't find that page".
const served = canonicalPath(location.pathname)
if (served !== location.pathname) history.replaceState(history.state, '', `${served}${location.search}${location.hash}`)

const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <Router>
      <App />
    </Router>
  </StrictMode>
)

/**
 * Every public page's data, saved on the device once the service worker is in charge (web/src/saveForOffline.ts,
 * a chunk of its own): the offline layer calls it without knowing the features whose stores it loads.
 */
const saveForOffline = () => import('./saveForOffline').then(({ saveEveryPublicPage }) => saveEveryPublicPage())

/** The parts of this page in chunks of their own (the home page below its first screen), asked for as soon as the app runs. */
const pageParts = routeAt(location.pathname)?.page.loadParts?.()

/**
 * Starts the app on the page (main.tsx decides when): hydrates the pre-rendered page, or renders the
 * app shell, once the page's own chunk and the full stylesheet are here. Resolves once the page is
 * drawn by React, so a press or a send held from before (appOnDemand.ts) can be given to it.
 */
export async function startApp(): Promise<void> {
  const fullStylesheet = applyFullStylesheet()
  // From the start: the browser's install offer comes once. (The banner reads `online` only after
  // hydration, as zustand gives React the initial state to hydrate with.)
  watchConnectivity()
  // Pre-rendered pages arrive with markup (web/build/prerender.ts); the app shell for other paths arrives empty.
  const prerendered = root.hasChildNodes()
  const startOutbox = () => import('./offline/sync').then(({ startOutboxSync }) => startOutboxSync())
  await Promise.all([
    // Nothing is drawn unstyled: what the app adds to the pre-rendered page needs the full stylesheet.
    fullStylesheet,
    // The page's own chunk first: hydration then finds the same tree the build rendered (not a loading
    // state), and the app shell's first render shows the page rather than an empty moment.
    routeAt(location.pathname)
      ?.page.load()
      .catch(() => undefined),
    // Its parts too, so the page hydrates whole, as the build rendered it.
    pageParts?.catch(() => undefined),
    // A page served with a notice hydrates it at once (its code is a chunk of its own, see NoticeSlot).
    loadServedNotice().catch(() => undefined),
    // The pre-rendered page is on screen before hydration takes the main thread. The app shell serves
    // the staff screens, whose changes go through the outbox from the first click: it starts first.
    prerendered ? afterNextPaint() : startOutbox().catch(() => undefined),
  ])
  // From here React answers the page's buttons (public/menu-before-app.js steps aside) and owns the
  // splash card (shell/splashPlace.ts: appOwnsThePage).
  root.dataset.app = ''
  if (prerendered) {
    hydrateRoot(root, app, {
      // React recovers from a mismatch by rendering afresh; the console says so plainly (browser tests look for it).
      onRecoverableError: (error) => console.error('Hydration mismatch, rendered on the client instead:', error),
    })
  } else {
    createRoot(root).render(app)
  }
  const drawn = whenPageDrawn()
  // The service worker (with its Workbox helper) and the outbox are chunks of their own, fetched once the
  // page is up. Then the other pages' code (a few KB each) and the contact form's sending code, so moving
  // around the site and writing to the venue work without a signal even before the service worker has
  // saved them. One idle period each, so none of it makes a long task.
  const later: (() => Promise<unknown>)[] = [
    () => import('./offline/registerServiceWorker').then(({ startOfflineSupport }) => startOfflineSupport(saveForOffline)),
    ...(prerendered ? [startOutbox] : []),
    ...PUBLIC_ROUTES.map(
      ({ page }) =>
        async () =>
          Promise.all([page.load(), page.loadParts?.()]),
    ),
    () => import('./features/contact/sendEnquiry'),
    loadVisitorNotice,
  ]
  for (const task of later) whenIdle(() => void task().catch(() => undefined))
  // Then what the first render's effects changed is on screen too.
  await drawn
  await afterNextPaint()
  // The app has the page from here (browser tests wait for this before they act as a visitor of the app).
  root.dataset.appDrawn = ''
}
