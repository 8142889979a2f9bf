import { Workbox } from 'workbox-window'
import { useConnectivity } from './connectivity'

const UPDATE_CHECK_MS = 60 * 60 * 1000

/**
 * Registers the service worker in prompt mode: a new version waits until the visitor chooses
 * "Reload", then takes over and the page reloads once. Also tracks online/offline and the install offer.
 */
export function startOfflineSupport(): void {
  const setOnline = () => useConnectivity.setState({ online: navigator.onLine })
  setOnline()
  window.addEventListener('online', setOnline)
  window.addEventListener('offline', setOnline)
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    useConnectivity.setState({ installPrompt: event as unknown as Connectivity['installPrompt'] })
  })
  window.addEventListener('appinstalled', () => useConnectivity.setState({ installPrompt: null }))

  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  const offerUpdate = () =>
    useConnectivity.setState({
      updateAvailable: true,
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload())
        wb.messageSkipWaiting()
      },
    })
  wb.addEventListener('waiting', offerUpdate)
  void wb.register().then((registration) => {
    if (!registration) return
    const check = () => void registration.update().catch(() => undefined)
    setInterval(check, UPDATE_CHECK_MS)
    window.addEventListener('focus', check)
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check())
  })
}

type Connectivity = import('./connectivity').Connectivity
