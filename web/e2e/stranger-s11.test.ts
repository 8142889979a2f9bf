/**
 * Stranger pass s11 (build first: npm run build): a page whose code cannot come (refused, hanging, the
 * server gone) met by keyboard and Back/Forward; first paint held for the footer (rel=expect) with and
 * without JavaScript and with HTML that arrives slowly; odd requests for pages from a hostile client.
 */
import { describe, expect, test } from 'bun:test'
import type { Page, Route } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, settled } from './a11y-helpers'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
const EVENTS_CHUNK = /\/assets\/Events-[^/]*\.js$/

/** Focus and announcement once focus has settled on an <h1> inside <main> matching `heading` (or after 10 s). */
async function arrival(page: Page, path: string, heading: RegExp) {
  await page.waitForURL((url) => url.pathname === path)
  await page
    .waitForFunction(
      (source) => {
        const active = document.activeElement
        return (
          active?.tagName === 'H1' &&
          document.getElementById('main')?.contains(active) &&
          new RegExp(source).test(active.textContent ?? '') &&
          document.querySelector('#route-announcer')?.textContent === document.title
        )
      },
      heading.source,
      { timeout: 10_000 },
    )
    .catch(() => undefined)
  return page.evaluate(() => ({
    focused: `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 40)}`,
    announced: document.querySelector('#route-announcer')?.textContent ?? '',
  }))
}

async function keyboardTo(page: Page, selector: string) {
  await page.locator(selector).focus()
  await page.keyboard.press('Enter')
}

describe('Back and Forward around a page whose code cannot come', () => {
  // After Back, focus sat on the home page's heading; on Forward that page was hidden (not yet removed)
  // and its heading, still focused, passed for the new page's: focus then fell to <body>, unannounced.
  test('desktop, keyboard only: Back then Forward to a refused page puts focus on the notice heading again', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    await page.route(EVENTS_CHUNK, (route: Route) => route.abort('internetdisconnected'))
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await keyboardTo(page, '.navbar a[href="/events"]')
    expect(await arrival(page, '/events', /needs a connection/)).toEqual({ focused: 'H1 This page needs a connection', announced: 'Events — Larkdale Hotel' })
    await page.goBack()
    expect(await arrival(page, '/', /Larkdale/)).toMatchObject({ announced: 'Larkdale Hotel & The Stables bar' })
    await page.goForward()
    expect(await arrival(page, '/events', /needs a connection/)).toEqual({ focused: 'H1 This page needs a connection', announced: 'Events — Larkdale Hotel' })
  }, 60_000)

  test('phone: after Back, moving to a page whose code is slow puts focus on its heading once it comes', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = () => {}
    const askedFor = new Promise<void>((resolve) => (asked = resolve))
    await page.route(EVENTS_CHUNK, async (route: Route) => {
      asked()
      await held
      await route.continue().catch(() => undefined)
    })
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await page.locator('.site-footer a[href="/about"]').click()
    expect(await arrival(page, '/about', /./)).toMatchObject({ announced: 'About us — Larkdale Hotel' })
    await page.goBack()
    expect(await arrival(page, '/', /Larkdale/)).toMatchObject({ announced: 'Larkdale Hotel & The Stables bar' })
    await page.evaluate(() => window.history.pushState(null, '', '/events'))
    await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')))
    await askedFor
    await page.waitForTimeout(500)
    release()
    expect(await arrival(page, '/events', /What's on/)).toEqual({ focused: "H1 What's on", announced: 'Events — Larkdale Hotel' })
  }, 60_000)
})
