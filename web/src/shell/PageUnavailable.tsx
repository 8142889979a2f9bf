import { Component, type ReactNode } from 'react'
import { focusPageOnceShown } from './pageArrival'
import { retryFailedDownloads } from './retryableLazy'
import { OfflineNotice } from '../ui/OfflineNotice'
import { useConnectivity } from '../offline/connectivity'
import { PageDrawn } from './pageDrawn'

interface Props {
  location: string
  children: ReactNode
}
interface State {
  failed: boolean
  location: string
}

/**
 * A page whose code could not be downloaded (no signal or the server gone, and the service worker has
 * not saved it yet) says so, with the phone number and a way to try again, instead of leaving a blank
 * screen; moving to another page tries again too. The dark banner keeps the see-through navbar legible.
 */
export class PageUnavailable extends Component<Props, State> {
  override state = { failed: false, location: this.props.location }
  private cancelFocus: (() => void) | null = null
  private retrying = false

  static getDerivedStateFromError() {
    return { failed: true }
  }
  /**
   * Cleared in the same render as the move, not in an update after it: rendered once more at the new
   * path, the notice took the arrival's focus (pageArrival.ts) and then vanished, leaving it on <body>.
   */
  static getDerivedStateFromProps(props: Props, state: State) {
    if (props.location === state.location) return null
    retryFailedDownloads()
    return { failed: false, location: props.location }
  }
  override componentDidCatch(error: unknown) {
    console.error('This page could not be shown:', error)
  }
  override componentDidUpdate(_props: Props, before: State) {
    if (!this.retrying || !before.failed || this.state.failed) return
    this.retrying = false
    this.cancelFocus?.()
    this.cancelFocus = focusPageOnceShown(() => {
      this.cancelFocus = null
    })
  }
  override componentWillUnmount() {
    this.cancelFocus?.()
  }

  /** The button goes with the notice: focus follows to the page's heading (componentDidUpdate), or back to the notice's if it fails again. */
  private tryAgain = () => {
    retryFailedDownloads()
    this.retrying = true
    this.setState({ failed: false })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return <PageNeedsConnection onRetry={this.tryAgain} />
  }
}

/**
 * The notice itself, true to the device's state: without a signal, to try again when there is one;
 * with a signal, that the venue's website could not be reached (a phone with full bars told "when
 * you have a signal" is told something untrue, and waits for the wrong thing).
 */
function PageNeedsConnection({ onRetry }: { onRetry: () => void }) {
  const online = useConnectivity((state) => state.online)
  return (
    <main id="main" className="page-pending">
      <PageDrawn />
      <div className="page-banner">
        <div className="container">
          <h1>This page needs a connection</h1>
          <p>
            {online
              ? 'It has not been saved on this device yet, and the venue’s website could not be reached just now.'
              : 'It has not been saved on this device yet, and it could not be downloaded just now.'}
          </p>
        </div>
      </div>
      <div className="container section">
        <OfflineNotice lead={online ? 'Try again in a few minutes.' : 'Try again when you have a signal.'} action="if there is anything we can help with">
          <button type="button" className="button button--small page-unavailable__retry" onClick={onRetry}>
            Try again
          </button>
        </OfflineNotice>
      </div>
    </main>
  )
}
