import { useRef } from 'react'
import { useShownData, type ShownData } from '../stores'
import { useConnectivity } from '../offline/connectivity'
import { formatSavedAt } from '../../../api/src/shared/rules/venue-time'
import { useKeepsFocusClear } from './bottomBar'
import { usePageDrawn } from './pageDrawn'
import './offline.css'

/**
 * The one sentence that says what the page shows when it is not all fresh from the venue: the saved
 * copies on screen and the oldest of their times, or that part (or all) of the page is not saved on
 * this device yet. It speaks only for the data on screen (useShownData), so a page reached by a link
 * and the same page typed into the address bar read the same.
 */
export function bannerText(online: boolean, { savedAt, missing, checking }: ShownData): string | null {
  if (online && savedAt === null && !missing) return null
  // Its saved copy still being read from the device: nothing said yet rather than a sentence it takes back.
  if (checking && savedAt === null && !missing) return null
  const lead = online ? 'Couldn’t reach the venue' : 'You’re offline'
  if (savedAt !== null) {
    const shown = `${lead} — showing information saved on ${formatSavedAt(savedAt)}`
    return missing ? `${shown}. Some of this page is not saved on this device yet.` : shown
  }
  if (missing) return `${lead} — this page is not saved on this device yet`
  return 'You’re offline — pages you have visited before still work'
}

export function OfflineBanner() {
  const online = useConnectivity((s) => s.online)
  const shown = useShownData()
  const pageDrawn = usePageDrawn((s) => s.drawn)
  const now = pageDrawn ? bannerText(online, shown) : null
  // Moving to another page offline, its saved copy still being looked up on the device: the sentence
  // said so far stays until the page's own replaces it (gone and back with every move, it flashed and
  // was announced again as new).
  const said = useRef<string | null>(null)
  const text = now === null && pageDrawn && !online && shown.checking ? said.current : now
  said.current = text
  const banner = useRef<HTMLDivElement>(null)
  useKeepsFocusClear(banner, '--offline-banner-height', text !== null)
  if (text === null) return null
  return (
    <div ref={banner} className="offline-banner" role="status">
      {text}
    </div>
  )
}

export function UpdatePrompt() {
  const { updateAvailable, applyUpdate } = useConnectivity()
  if (!updateAvailable) return null
  return (
    <div className="update-prompt" role="alert">
      <span>A new version is available</span>
      <button type="button" className="button button--small" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  )
}

export function InstallButton() {
  const installPrompt = useConnectivity((s) => s.installPrompt)
  if (!installPrompt) return null
  return (
    <button
      type="button"
      className="install-button"
      onClick={async () => {
        await installPrompt.prompt()
        await installPrompt.userChoice.catch(() => undefined)
        useConnectivity.setState({ installPrompt: null })
      }}
    >
      Install app
    </button>
  )
}
