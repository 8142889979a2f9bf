/**
 * Page arrival as a keyboard or screen-reader visitor meets it: where focus lands and what the live
 * region announces after an in-app move, and the Events page's code held back or refused to play a
 * slow or absent signal.
 */
import type { Page, Route } from 'playwright-core'

export const EVENTS_CHUNK = /\/assets\/Events-[^/]*\.js$/

/** The focused element's tag and the start of its text. */
export const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 40)}`)

/** Where focus is and what the live region says, once focus has settled inside <main> and the page is announced (or after 15 s). */
export async function arrival(page: Page, path: string, heading: RegExp | null) {
  await page.waitForURL((url) => url.pathname === path)
  await page
    .waitForFunction(
      (source) => {
        const active = document.activeElement
        const main = document.getElementById('main')
        if (!main || !active || !main.contains(active) || main.getAttribute('aria-busy') === 'true') return false
        // The announcement is rendered just after focus lands: wait for it too, or it reads ''.
        if (document.querySelector('#route-announcer')?.textContent !== document.title) return false
        return source === null ? active === main : active.tagName === 'H1' && new RegExp(source).test(active.textContent ?? '')
      },
      heading?.source ?? null,
      { timeout: 15_000 },
    )
    .catch(() => undefined)
  return page.evaluate(() => {
    const active = document.activeElement
    return {
      focused: active ? `${active.tagName} ${active.textContent?.trim().slice(0, 40)}` : 'nothing',
      announced: document.querySelector('#route-announcer')?.textContent ?? '',
    }
  })
}

/** Holds the Events chunk until `release()`; `asked` resolves when the browser has asked for it. */
export function holdEventsChunk(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = () => {}
  const askedFor = new Promise<void>((resolve) => (asked = resolve))
  void page.route(EVENTS_CHUNK, async (route: Route) => {
    asked()
    await held
    await route.continue().catch(() => undefined)
  })
  return { release, asked: askedFor }
}

/** Refuses the Events chunk (no signal) while `failing` says so. */
export function failEventsChunk(page: Page) {
  const state = { failing: true }
  void page.route(EVENTS_CHUNK, (route: Route) => (state.failing ? route.abort('internetdisconnected') : route.continue()))
  return state
}
