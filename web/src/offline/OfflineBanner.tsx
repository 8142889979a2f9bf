import { useConnectivity } from './connectivity'
import './offline.css'

const savedFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

/**
 * Says plainly when the page shows information saved on the device, and from when. `savedAt` is the
 * oldest saved copy on screen; null when everything shown is fresh.
 */
export function OfflineBanner({ savedAt }: { savedAt: number | null }) {
  const online = useConnectivity((s) => s.online)
  if (online && savedAt === null) return null
  const when = savedAt === null ? null : savedFormat.format(new Date(savedAt))
  return (
    <div className="offline-banner" role="status">
      {online
        ? `Couldn’t reach the venue — showing information saved on ${when}`
        : when
          ? `You’re offline — showing information saved on ${when}`
          : 'You’re offline — pages you have visited before still work'}
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
