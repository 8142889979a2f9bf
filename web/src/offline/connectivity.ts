import { takeInstallOffer } from '../lib/installOffer'
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

/** Keeps `online` current and takes the browser's install offer, kept since the page's first script (lib/installOffer.ts). */
export function watchConnectivity(): void {
  const setOnline = () => useConnectivity.setState({ online: navigator.onLine })
  setOnline()
  window.addEventListener('online', setOnline)
  window.addEventListener('offline', setOnline)
  takeInstallOffer((installPrompt) => useConnectivity.setState({ installPrompt }))
}
