/**
 * Keyboard and axe on the staff screens (build first), at phone and desktop sizes, logged in as the
 * demo admin with demo content: Tab through every screen (the login form too) and every stop shows a
 * focus indicator that differs from its unfocused look and is not hidden behind anything fixed or
 * sticky; axe with every WCAG 2.2 A/AA rule and best practice finds nothing on any screen, with the
 * event edit modal open, or with changes waiting on the device and in conflict; on every staff screen no
 * two landmarks, links going to different places or buttons share a name (the public pages and the
 * login: public-pages-axe-focus-reflow.test.ts). Each screen is loaded once, at 390×844, and read again
 * with the window resized to 1440×900; the edit dialog, on one load of its screen, is opened afresh at
 * each size it is read at.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, SHOTS } from './a11y-helpers'
import { ambiguousNames, axeViolations, eachStaffScreen, openScreen, staffPagesOf, tabThrough } from './a11y-staff-helpers'
import { resizeTo, sizeKey } from './staff-screens-resized'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
const staffPage = staffPagesOf(suite)
const nextYear = new Date().getFullYear() + 1

/** Opens the first demo event's edit modal on the screen shown (with the keyboard, as its button's user would). */
async function openEditModal(page: Page): Promise<void> {
  const edit = page.getByRole('button', { name: /^Edit / }).first()
  await edit.focus()
  await page.keyboard.press('Enter')
  await page.locator('dialog.admin-modal[open]').waitFor()
}

/** axe first (it reads the page as loaded), then the Tab walk, which moves focus through it. */
async function axeThenTab(page: Page, label: string, limit?: number): Promise<string[]> {
  return [...(await axeViolations(page, label)), ...(await tabThrough(page, label, limit))]
}

/** axe, then the names a screen reader lists (a11y-staff-helpers.ts' ambiguousNames), then the Tab walk. */
async function axeNamesThenTab(page: Page, label: string): Promise<string[]> {
  return [...(await axeViolations(page, label)), ...(await ambiguousNames(page, label)), ...(await tabThrough(page, label))]
}

/**
 * `check` on the screen as loaded at 390×844, then with the window resized to 1440×900 and the screen as
 * a load leaves it (nothing focused, Tab starting from the top, scrolled to the top: the Tab walk had moved all three), then back at
 * 390×844 for the next load. The staff screens and the login lay out by CSS media queries and hooks that
 * follow them, never by the width at load (staff-screens-resized.ts): one load serves both sizes.
 */
async function atPhoneThenDesktop(page: Page, label: string, check: (page: Page, label: string) => Promise<string[]>): Promise<string[]> {
  const problems = await check(page, `${label} at ${sizeKey(PHONE)}`)
  await resizeTo(page, DESKTOP)
  await page.evaluate(() => {
    // Tab goes on from the last element focused, even once blurred: a stand-in at the top of the body
    // takes focus and is removed, so the next Tab starts from the top again, as on a load.
    const start = Object.assign(document.createElement('span'), { tabIndex: -1 })
    document.body.prepend(start)
    start.focus({ preventScroll: true })
    start.remove()
    scrollTo(0, 0)
  })
  problems.push(...(await check(page, `${label} at ${sizeKey(DESKTOP)}`)))
  await resizeTo(page, PHONE)
  return problems
}

describe('every staff screen and the login form: axe, names and the Tab walk at both sizes in one load each', () => {
  test('zero axe violations (WCAG 2.2 AA and best practice); landmarks, links and buttons told apart on every staff screen; focus always visible and never hidden at 390×844 and 1440×900', async () => {
    const problems: string[] = []
    const login = await visit({ viewport: PHONE, agreed: true })
    await openScreen(login, `${suite.server.url}/login`)
    problems.push(...(await atPhoneThenDesktop(login, '/login', axeThenTab)))
    problems.push(...(await eachStaffScreen(suite, staffPage, PHONE, (page, path) => atPhoneThenDesktop(page, path, axeNamesThenTab))))
    expect(problems).toEqual([])
  }, 480_000)
})

describe('the event edit dialog, opened with the keyboard on one load of /manageEvent', () => {
  // 400 % zoom of 1280×1024, and a phone on its side: the sticky Cancel/Save bar covers much of the dialog.
  const SHORT = [
    { width: 320, height: 256 },
    { width: 844, height: 390 },
  ]
  test('zero axe violations and focus always visible and never hidden at 390×844 and 1440×900; no field hidden under the sticky buttons at 320×256 and 844×390', async () => {
    const page = await staffPage(PHONE)
    await openScreen(page, `${suite.server.url}/manageEvent`)
    const problems: string[] = []
    try {
      for (const viewport of [PHONE, DESKTOP, ...SHORT]) {
        // Opened afresh at each size, as at a load of that size: closed with Escape, the window resized, opened again.
        if (viewport !== PHONE) {
          await page.keyboard.press('Escape')
          await page.locator('dialog.admin-modal').waitFor({ state: 'detached' })
          await resizeTo(page, viewport)
        }
        await openEditModal(page)
        const label = `/manageEvent (edit modal) at ${sizeKey(viewport)}`
        if (SHORT.includes(viewport)) {
          problems.push(...(await tabThrough(page, label, 80)))
          continue
        }
        await page.screenshot({ path: `${SHOTS}/staff-edit-modal-${viewport.width}.png` })
        problems.push(...(await axeThenTab(page, label, 80)))
      }
    } finally {
      // The next test's page (the same signed-in phone) back at its size.
      await page.setViewportSize(PHONE)
    }
    expect(problems).toEqual([])
  }, 150_000)
})

describe('axe with changes waiting and in conflict', () => {
  test('zero violations with a change waiting on the device and with a conflict (phone and desktop)', async () => {
    const { server } = suite
    const token = await server.token()
    // A demo event, edited offline.
    const events = (await (await server.api('/api/admin/events', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; title: string }[]
    const { id, title } = events[0]!

    const page = await staffPage(PHONE)
    const context = page.context()
    await openScreen(page, `${server.url}/manageEvent`)
    await context.setOffline(true)
    await page.waitForFunction(() => navigator.onLine === false)
    await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click()
    await page.getByRole('dialog', { name: 'Edit event' }).getByLabel('Title').fill(`${title} by candlelight`)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.locator(`tr[data-event-id="${id}"][data-pending]`).waitFor()
    const found: string[] = []
    found.push(...(await axeViolations(page, '/manageEvent (offline, change waiting)')))
    // The dashboard's Pending changes panel, reached in the app (offline, no reload).
    await page
      .getByRole('link', { name: /Pending changes/ })
      .first()
      .click()
    await page.locator('.admin-pending__item').first().waitFor()
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      found.push(...(await axeViolations(page, `/admin (offline, change waiting) at ${viewport.width}`)))
      // The offline banner at the foot of the view never covers what the keyboard is on.
      if (viewport === PHONE) found.push(...(await tabThrough(page, `/admin (offline, change waiting) at ${viewport.width}`)))
    }

    // Someone else changes the event meanwhile; back online the edit is held as a conflict.
    const elsewhere = new FormData()
    for (const [k, v] of Object.entries({
      id: String(id),
      title: `${title} (moved to Friday)`,
      description: 'Three courses.',
      start_datetime: `${nextYear}-09-19T19:00`,
    }))
      elsewhere.append(k, v)
    expect((await server.api('/api/update-event', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: elsewhere })).status).toBe(200)
    await context.setOffline(false)
    await page.locator('.admin-pending__item[data-state="conflict"]').waitFor({ timeout: 60_000 })
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      await page.locator('.admin-pending__item[data-state="conflict"]').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/staff-conflict-${viewport.width}.png` })
      found.push(...(await axeViolations(page, `/admin (conflict) at ${viewport.width}`)))
      found.push(...(await tabThrough(page, `/admin (conflict) at ${viewport.width}`)))
    }
    expect(found).toEqual([])
  }, 150_000)
})
