/**
 * Asks a third party whether it answers, from a worker (canReachQuietly in reachable.ts; one worker per question): a
 * provider that cannot be reached is an expected case the page handles, so the browser's note of the
 * failed request belongs to this worker's console, not to the page's errors.
 */
import { canReach } from './canReach'

interface Probe {
  url: string
  timeoutMs: number
  method: 'GET' | 'HEAD'
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Probe>) => void) | null
  postMessage(message: { reached: boolean }): void
}

scope.onmessage = (event) => {
  const { url, timeoutMs, method } = event.data
  void canReach(url, timeoutMs, method).then((reached) => scope.postMessage({ reached }))
}
