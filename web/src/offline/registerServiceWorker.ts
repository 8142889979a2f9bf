import { Workbox } from 'workbox-window'
import { whenIdle } from '../lib/idle'
import { useConnectivity } from './connectivity'

const UPDATE_CHECK_MS = 60 * 60 * 1000

/** Same-origin URLs this page loaded that the service worker keeps at run time (pictures, menu files, the menu viewer, staff code). */
function loadedRuntimeUrls(): string[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return []
  const urls = new Set<string>()
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.href)
    if (url.origin !== location.origin) continue
    if (/^\/(files|images)\//.test(url.pathname) || /^\/assets\/(pdf[.-]|AdminRoutes-)/.test(url.pathname)) urls.add(url.href)
  }
  return [...urls]
}

/**
 * Once the page has loaded (its pictures too) and then the browser is idle: the worker's install
 * downloads the site for offline reading, which must not take bandwidth or main-thread time from
 * the page being read.
 */
function afterLoadWhenIdle(task: () => void) {
  if (document.readyState === 'complete') whenIdle(task, 5000)
  else window.addEventListener('load', () => whenIdle(task, 5000), { once: true })
}

/**
 * Registers the service worker in prompt mode, after the page has loaded: a new version waits until
 * the visitor chooses "Reload", then takes over and the page reloads once. (Online/offline and the
 * install offer are watched from the start, by connectivity.ts.)
 */
export function startOfflineSupport(saveEveryPublicPage: () => Promise<void>): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  afterLoadWhenIdle(() => registerServiceWorker(saveEveryPublicPage))
}

/** `saveEveryPublicPage` loads every public page's data onto the device: the composition root knows which (main.tsx passes it in). */
function registerServiceWorker(saveEveryPublicPage: () => Promise<void>) {
  const container = navigator.serviceWorker
  const saveForOffline = () => {
    saveEveryPublicPage().catch((error: unknown) => console.error('The site could not be saved for offline use:', error))
  }

  // On the very first visit the page loaded its pictures before the worker existed: once the worker
  // takes charge, hand it those URLs so this first page also opens offline. Then, with the worker in
  // charge (so the menu files and viewer pass through it and are kept), every public page's data is saved.
  if (container.controller) whenIdle(saveForOffline, 5000)
  else {
    container.addEventListener(
      'controllerchange',
      () => {
        container.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedRuntimeUrls() } })
        whenIdle(saveForOffline, 5000)
      },
      { once: true },
    )
  }

  const wb = new Workbox('/sw.js', { scope: '/' })
  let registration: ServiceWorkerRegistration | undefined

  const offerUpdate = () => {
    // Only an update: the first install takes charge at once and needs no prompt.
    if (!container.controller || useConnectivity.getState().updateAvailable) return
    useConnectivity.setState({ updateAvailable: true, applyUpdate })
  }

  /**
   * "Reload": the waiting version takes over and the page reloads under it. Listening to the browser's
   * own controllerchange (not only Workbox's) also covers a version that another tab installed, and if
   * another tab has already switched versions there is nothing to wait for: just reload.
   */
  function applyUpdate() {
    let reloading = false
    const reload = () => {
      if (reloading) return
      reloading = true
      window.location.reload()
    }
    container.addEventListener('controllerchange', reload)
    const waiting = registration?.waiting
    if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' })
    else reload()
  }

  // A new version found while this page is open, or one left waiting from an earlier visit.
  wb.addEventListener('waiting', offerUpdate)
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return
    const settle = () => worker.state === 'installed' && offerUpdate()
    settle()
    worker.addEventListener('statechange', settle)
  }

  void wb
    .register()
    .then((reg) => {
      if (!reg) return
      registration = reg
      // Workbox stops following updates that it thinks another tab started; the registration's own
      // events see every one, so a page left open for days still offers each new version.
      if (reg.waiting) offerUpdate()
      watch(reg.installing)
      reg.addEventListener('updatefound', () => watch(reg.installing))
      const check = () => void reg.update().catch(() => undefined)
      setInterval(check, UPDATE_CHECK_MS)
      window.addEventListener('focus', check)
      window.addEventListener('online', check)
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check())
    })
    .catch((error: unknown) => console.error('The service worker could not be registered:', error))
}
