/**
 * The page's console errors exactly as Lighthouse's `errors-in-console` gathers them: over the page's
 * own DevTools session, the browser's log (failed loads, CSP reports…), console.error calls and
 * uncaught exceptions, each as "source url: text".
 */
import type { Page } from 'playwright-core'

interface LogEntry {
  entry: { source: string; level: string; text: string; url?: string }
}
interface ConsoleCall {
  type: string
  args: Array<{ value?: unknown; description?: string }>
  stackTrace?: { callFrames: Array<{ url: string }> }
}
interface Exception {
  exceptionDetails: { text: string; url?: string; exception?: { description?: string } }
}

/**
 * Playwright's `serviceWorkers: 'block'` makes register() resolve to nothing, which Workbox then trips
 * over, and the app logs that its service worker could not be registered: an error the test itself
 * caused, so left out where the test blocks service workers (`serviceWorkersBlocked`).
 */
const BLOCKED_REGISTRATION = 'The service worker could not be registered'

/** Starts listening before the first navigation; the returned list fills as errors come. */
export async function watchConsoleErrors(page: Page, { serviceWorkersBlocked = false } = {}): Promise<string[]> {
  const errors: string[] = []
  const session = await page.context().newCDPSession(page)
  session.on('Log.entryAdded', ({ entry }: LogEntry) => {
    if (entry.level === 'error') errors.push(`${entry.source} ${entry.url ?? ''}: ${entry.text}`)
  })
  session.on('Runtime.consoleAPICalled', ({ type, args, stackTrace }: ConsoleCall) => {
    const text = args.map((arg) => (arg.value === undefined ? arg.description : String(arg.value))).join(' ')
    if (type !== 'error' || (serviceWorkersBlocked && text.startsWith(BLOCKED_REGISTRATION))) return
    errors.push(`console.error ${stackTrace?.callFrames[0]?.url ?? ''}: ${text}`)
  })
  session.on('Runtime.exceptionThrown', ({ exceptionDetails }: Exception) => {
    errors.push(`exception ${exceptionDetails.url ?? ''}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`)
  })
  await session.send('Log.enable')
  await session.send('Runtime.enable')
  return errors
}
