import { create } from 'zustand'

export interface Connectivity {
  /** navigator.onLine, kept current by the browser's online/offline events. Assumed true before hydration. */
  online: boolean
  /** A new service worker is installed and waiting: offer "Reload". */
  updateAvailable: boolean
  /** The browser offered installation (beforeinstallprompt); null when it has not or after use. */
  installPrompt: { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> } | null
  applyUpdate: () => void
}

export const useConnectivity = create<Connectivity>(() => ({
  online: true,
  updateAvailable: false,
  installPrompt: null,
  applyUpdate: () => {},
}))

/**
 * Keeps `online` current and catches the browser's install offer. Called as the page starts: Chromium
 * makes its offer once per page load, possibly before the service worker's code has arrived.
 */
export function watchConnectivity(): void {
  const setOnline = () => useConnectivity.setState({ online: navigator.onLine })
  setOnline()
  window.addEventListener('online', setOnline)
  window.addEventListener('offline', setOnline)
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    useConnectivity.setState({ installPrompt: event as unknown as Connectivity['installPrompt'] })
  })
  window.addEventListener('appinstalled', () => useConnectivity.setState({ installPrompt: null }))
}
