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
