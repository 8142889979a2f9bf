/**
 * Browser contexts kept open across the tests of one file, each with its one page, so that a check
 * which only needs "a visitor on this page at this size" does not pay for a new context. A fresh context
 * costs Chromium a new renderer: a load in one took 1.40 processor seconds, the same load in a page
 * already open 0.42.
 *
 * A context goes back to the pool after each test only if the test left it as the pool gave it: any
 * call that changes how its pages behave beyond storage (routes, init scripts, offline, emulated media,
 * viewport, listeners, another page, a fake clock) marks it, and a marked context is closed instead. A context given
 * back has its page sent to about:blank with no history, and, unless its contexts keep their storage
 * (a signed-in member of staff), everything the visitor's browser held for the site removed: storage of
 * every kind, cookies, caches (the HTTP cache too), service workers. Checks of a first visit or of what a fresh browser
 * downloads open their own context.
 */
import type { BrowserContext, Page } from 'playwright-core'

/** Calls that change a context or a page beyond its storage, on either. */
const CHANGES = ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'on', 'once']
const CONTEXT_CHANGES = [...CHANGES, 'setOffline', 'grantPermissions', 'setGeolocation', 'setHTTPCredentials', 'newPage']
const PAGE_CHANGES = [...CHANGES, 'emulateMedia', 'setViewportSize']
const CLOCK_CHANGES = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime']

interface Pooled {
  key: string
  context: BrowserContext
  page: Page
  changed: boolean
}

export interface ContextPool {
  /** A page of an idle context made for `key`, or of a new one `create` makes (its first page is the one used). */
  take(key: string, create: () => Promise<{ context: BrowserContext; page: Page }>): Promise<Page>
  /** After a test: every context it took goes back to the pool, reset, or is closed if the test changed it. */
  giveBack(): Promise<void>
  /** After the file: every context closes. */
  closeAll(): Promise<void>
}

/** Replaces each named method with one that marks `entry` changed, then does what the method did. */
function watch(target: object, methods: readonly string[], entry: Pooled): void {
  const object = target as Record<string, unknown>
  for (const name of methods) {
    const original = object[name]
    if (typeof original !== 'function') continue
    object[name] = (...args: unknown[]) => {
      entry.changed = true
      return (original as (...a: unknown[]) => unknown).apply(target, args)
    }
  }
}

/** Leaves the page blank with no history and, for a visitor, the browser holding nothing of `origin`. */
async function reset(entry: Pooled, origin: string, keepStorage: boolean): Promise<void> {
  const { context, page } = entry
  // sessionStorage belongs to the tab, not the origin's storage: it is cleared from a page of the site.
  if (!keepStorage && page.url().startsWith(origin)) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined)
  await page.goto('about:blank')
  await page.mouse.move(0, 0)
  const cdp = await context.newCDPSession(page)
  try {
    await cdp.send('Page.resetNavigationHistory')
    if (!keepStorage) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      // The HTTP cache is not a storage type: a next test's first visit downloads what a new browser would.
      await cdp.send('Network.clearBrowserCache')
    }
  } finally {
    await cdp.detach()
  }
  if (!keepStorage) await context.clearCookies()
}

export function contextPool(origin: () => string, options: { keepStorage?: boolean } = {}): ContextPool {
  const idle: Pooled[] = []
  const lent: Pooled[] = []
  const close = (entry: Pooled) => entry.context.close().catch(() => undefined)
  return {
    async take(key, create) {
      const index = idle.findIndex((entry) => entry.key === key)
      let entry = index >= 0 ? idle.splice(index, 1)[0] : undefined
      if (!entry) {
        const made = await create()
        entry = { key, ...made, changed: false }
        watch(made.context, CONTEXT_CHANGES, entry)
        watch(made.page, PAGE_CHANGES, entry)
        // A fake clock stays installed in the context for good.
        for (const clock of new Set([made.context.clock, made.page.clock])) watch(clock, CLOCK_CHANGES, entry)
      }
      lent.push(entry)
      return entry.page
    },
    async giveBack() {
      for (const entry of lent.splice(0)) {
        const reusable = !entry.changed && !entry.page.isClosed() && entry.context.pages().length === 1
        if (!reusable) {
          await close(entry)
          continue
        }
        try {
          await reset(entry, origin(), options.keepStorage ?? false)
          idle.push(entry)
        } catch {
          await close(entry)
        }
      }
    },
    async closeAll() {
      await Promise.all([...idle.splice(0), ...lent.splice(0)].map(close))
    },
  }
}
