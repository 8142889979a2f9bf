import { useConnectivity } from '../offline/connectivity'

/**
 * What a list that could not be loaded says, and why: without a signal, to try again when there is
 * one; with a signal, that the venue's website did not answer (a phone with full bars told "when you
 * have signal" is told something untrue, and waits for the wrong thing).
 */
export function unavailableText(what: string, online: boolean): string {
  return online
    ? `${what} could not be loaded: the venue’s website did not answer. Please try again in a few minutes.`
    : `${what} could not be loaded. Please try again when you have signal.`
}

export function Unavailable({ what, className }: { what: string; className: string }) {
  const online = useConnectivity((state) => state.online)
  return <p className={className}>{unavailableText(what, online)}</p>
}
