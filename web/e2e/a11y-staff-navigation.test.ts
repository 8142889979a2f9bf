/**
 * The staff screens as a screen-reader or keyboard user moves through them (build first), at phone and
 * desktop sizes, logged in as the demo admin: after every kind of in-app move (dashboard tiles, "Back
 * to dashboard", the navbar, browser Back) focus is on the new screen's heading, the screen is
 * announced and the title is its own; the event edit modal takes focus, closes on Escape and gives
 * focus back to its button; in forced colours the navbar on a staff screen is drawn in system colours.
 * (That no page has two landmarks, two links going to different places or two buttons of the same name
 * is checked in the loads the axe suites make: a11y-staff.test.ts and public-pages-axe-focus-reflow.test.ts.)
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { STAFF_TASKS } from '../../api/src/shared/rules/staff-routes'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { settled, SHOTS } from './a11y-helpers'
import { openScreen, staffPagesOf } from './a11y-staff-helpers'

const suite = useServerAndBrowser()
const staffPage = staffPagesOf(suite)

/** Where focus, the live region and the title are once the screen at `path` has arrived. */
async function arrival(page: Page, path: string, title: string) {
  await page.waitForURL((url) => url.pathname === path)
  await page
    .waitForFunction(
      (title) => document.title === title && document.querySelector('#route-announcer')?.textContent === title && document.activeElement?.tagName === 'H1',
      title,
      { timeout: 5000 },
    )
    .catch(() => undefined)
  const found = await page.evaluate(() => {
    const active = document.activeElement
    const main = document.querySelector('main')
    return {
      title: document.title,
      announced: document.querySelector('#route-announcer')?.textContent ?? '',
      focus:
        main && active && (active === main || (active.tagName === 'H1' && main.contains(active)))
          ? 'main heading'
          : `${active?.tagName} ${active?.textContent?.trim().slice(0, 30)}`,
    }
  })
  return { path, ...found }
}

const arrived = (path: string, title: string) => ({ path, title, announced: title, focus: 'main heading' })

/** Presses Enter on a link, as a keyboard user would. */
async function follow(page: Page, link: ReturnType<Page['locator']>) {
  await link.focus()
  await page.keyboard.press('Enter')
}

describe('moving between staff screens', () => {
  for (const viewport of [PHONE, DESKTOP])
    test(`tiles, "Back to dashboard", browser Back and the navbar at ${viewport.width} px`, async () => {
      const page = await staffPage(viewport)
      await openScreen(page, `${suite.server.url}/admin`)
      const seen: object[] = []
      const expected: object[] = []
      for (const task of STAFF_TASKS) {
        const title = `${task.label} — Staff`
        await follow(page, page.locator(`.admin-tiles a[href="${task.path}"]`))
        seen.push(await arrival(page, task.path, title))
        expected.push(arrived(task.path, title))
        await settled(page)
        await page.getByRole('link', { name: 'Back to dashboard' }).click()
        seen.push(await arrival(page, '/admin', 'Dashboard — Staff'))
        expected.push(arrived('/admin', 'Dashboard — Staff'))
        await settled(page)
      }
      await page.goBack()
      const last = STAFF_TASKS[STAFF_TASKS.length - 1]!
      seen.push(await arrival(page, last.path, `${last.label} — Staff`))
      expected.push(arrived(last.path, `${last.label} — Staff`))
      await settled(page)
      // The site's navbar stays on staff screens: to a public page and Back again.
      if (viewport === PHONE) await page.locator('.navbar__toggle').click()
      await follow(page, page.locator('.navbar a[href="/events"]'))
      seen.push(await arrival(page, '/events', 'Events — Larkdale Hotel'))
      expected.push(arrived('/events', 'Events — Larkdale Hotel'))
      await page.goBack()
      seen.push(await arrival(page, last.path, `${last.label} — Staff`))
      expected.push(arrived(last.path, `${last.label} — Staff`))
      expect(seen).toEqual(expected)
    }, 120_000)
})

describe('event edit modal', () => {
  for (const viewport of [PHONE, DESKTOP])
    test(`takes focus, closes on Escape and gives focus back to its button at ${viewport.width} px`, async () => {
      const page = await staffPage(viewport)
      await openScreen(page, `${suite.server.url}/manageEvent`)
      const edit = page.getByRole('button', { name: /^Edit / }).nth(1)
      const name = (await edit.getAttribute('aria-label')) ?? (await edit.textContent())
      await follow(page, edit)
      const dialog = page.locator('dialog.admin-modal[open]')
      await dialog.waitFor()
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      const back = await page.evaluate(() => {
        const active = document.activeElement
        return active?.getAttribute('aria-label') ?? active?.textContent ?? null
      })
      expect({ inside, back }).toEqual({ inside: true, back: name })
    }, 60_000)
})

describe('navbar in forced colours on a staff screen', () => {
  for (const viewport of [PHONE, DESKTOP])
    test(`drawn in system colours at ${viewport.width} px`, async () => {
      const page = await staffPage(viewport)
      await page.emulateMedia({ forcedColors: 'active' })
      await openScreen(page, `${suite.server.url}/manageTimes`)
      /** Computed colours of the navbar's and staff header's visible parts that are not a system colour. */
      const offSystem = () =>
        page.evaluate(() => {
          // What forced colours make of ordinary text, a link and a button (their colours and borders) is the palette.
          ;(document.activeElement as HTMLElement | null)?.blur()
          const system = new Set<string>()
          for (const html of ['<span>text</span>', '<a href="/x">link</a>', '<button type="button">button</button>']) {
            const probe = document.body.appendChild(Object.assign(document.createElement('div'), { innerHTML: html })).firstElementChild as HTMLElement
            probe.style.cssText = 'color: rgb(200 120 40); border: 2px solid rgb(40 200 120); background: rgb(120 40 200)'
            const style = getComputedStyle(probe)
            system.add(style.color).add(style.borderTopColor)
            probe.parentElement!.remove()
          }
          const off: string[] = []
          for (const element of document.querySelectorAll<HTMLElement>('.site-header *, .admin-header *')) {
            if (!element.getClientRects().length) continue
            const style = getComputedStyle(element)
            if (style.opacity === '0') continue
            const what = `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`
            if (!system.has(style.color)) off.push(`${what} color ${style.color}`)
            if (parseFloat(style.borderTopWidth) > 0 && !system.has(style.borderTopColor)) off.push(`${what} border ${style.borderTopColor}`)
            // The menu icon's bars (and the × they turn into) are borders, which forced colours redraw; a background would vanish.
            if (element.parentElement?.matches('.navbar__toggle-bars') && !(parseFloat(style.borderTopWidth) >= 2))
              off.push(`${what}: bar not drawn as a border`)
          }
          return off
        })
      const off: string[] = [...(await offSystem())]
      await page.locator('.site-header').screenshot({ path: `${SHOTS}/staff-forced-colours-navbar-${viewport.width}.png` })
      if (viewport === PHONE) {
        // With the keyboard: a pointer left over the button would show the browser's own hover colour.
        await follow(page, page.locator('.navbar__toggle'))
        await page.locator('.navbar__links.is-open').waitFor()
        off.push(...(await offSystem()).map((item) => `open: ${item}`))
        await page.screenshot({ path: `${SHOTS}/staff-forced-colours-navbar-open-${viewport.width}.png` })
        await follow(page, page.locator('.navbar__toggle'))
      }
      await page.emulateMedia({ forcedColors: 'none' })
      expect(off).toEqual([])
    }, 60_000)
})
