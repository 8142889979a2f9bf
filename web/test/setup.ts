// Web component tests only (never the API tests): a DOM from happy-dom and IndexedDB from fake-indexeddb.
import { GlobalRegistrator } from '@happy-dom/global-registrator'
GlobalRegistrator.register({ url: 'http://localhost:3000/' })
// @ts-expect-error fake-indexeddb ships types that its package exports map does not point to
await import('fake-indexeddb/auto')
const { afterEach } = await import('bun:test')
const { cleanup, configure } = await import('@testing-library/react')
// findBy*/waitFor give up after 1 s by default: on a loaded machine (CI runs the browser tests' servers
// beside these) a reply through the real outbox can take longer, and the wait is for an event, not a sleep.
configure({ asyncUtilTimeout: 10_000 })
afterEach(() => {
  cleanup()
  localStorage.clear()
})

// What vite.config.ts defines at build time.
const { demoVenue } = await import('../../api/src/config')
;(globalThis as { __VENUE__?: unknown }).__VENUE__ = demoVenue

// happy-dom loads no pictures yet calls every img complete, which a browser says only of one loaded or
// failed: here, as in a browser on a slow line, a picture with an address is still loading until the
// test fires its load or error event.
Object.defineProperty(window.HTMLImageElement.prototype, 'complete', {
  configurable: true,
  get(this: HTMLImageElement) {
    return !this.getAttribute('src')
  },
})
