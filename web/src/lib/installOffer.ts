/**
 * Chromium offers to install the site once per page load, possibly seconds before the app starts
 * (shell/appOnDemand.ts): the entry keeps the offer from the start, and the app takes it when it comes
 * (offline/connectivity.ts turns it into the "Install app" button).
 */
export interface InstallOffer {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: string }>
}

let offer: InstallOffer | null = null
const takers = new Set<(offer: InstallOffer | null) => void>()
const tell = (next: InstallOffer | null) => {
  offer = next
  for (const take of takers) take(next)
}

/** From the page's first script on: the offer kept (not shown by the browser), and forgotten once installed. */
export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    tell(event as unknown as InstallOffer)
  })
  window.addEventListener('appinstalled', () => tell(null))
}

/** Calls `take` with the offer kept so far (if any) and with each change after. */
export function takeInstallOffer(take: (offer: InstallOffer | null) => void): void {
  takers.add(take)
  if (offer) take(offer)
}
