/**
 * Keyboard and axe on the staff screens (build first), at phone and desktop sizes, logged in as the
 * demo admin with demo content: Tab through every screen (the login form too) and every stop shows a
 * focus indicator that differs from its unfocused look and is not hidden behind anything fixed or
 * sticky; axe with every WCAG 2.2 A/AA rule and best practice finds nothing on any screen, with the
 * event edit modal open, or with changes waiting on the device and in conflict; on every staff screen no
 * two landmarks, links going to different places or buttons share a name (the public pages and the
 * login: public-pages-axe-focus-reflow.test.ts).
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, SHOTS } from './a11y-helpers'
import { ambiguousNames, axeViolations, eachStaffScreen, openScreen, staffPagesOf, tabThrough } from './a11y-staff-helpers'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
const staffPage = staffPagesOf(suite)
const nextYear = new Date().getFullYear() + 1

/** Opens the first demo event's edit modal on /manageEvent (with the keyboard, as its button's user would). */
async function openEditModal(page: Page): Promise<void> {
  await openScreen(page, `${suite.server.url}/manageEvent`)
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

describe('every staff screen, the login form and the edit modal: axe, names and the Tab walk in one load each', () => {
  for (const viewport of [PHONE, DESKTOP])
    test(`zero axe violations (WCAG 2.2 AA and best practice); landmarks, links and buttons told apart on every staff screen; focus always visible and never hidden at ${viewport.width}×${viewport.height}`, async () => {
      const problems: string[] = []
      const login = await visit({ viewport, agreed: true })
      await openScreen(login, `${suite.server.url}/login`)
      problems.push(...(await axeThenTab(login, '/login')))
      problems.push(...(await eachStaffScreen(suite, staffPage, viewport, axeNamesThenTab)))
      const page = await staffPage(viewport)
      await openEditModal(page)
      await page.screenshot({ path: `${SHOTS}/staff-edit-modal-${viewport.width}.png` })
      problems.push(...(await axeThenTab(page, '/manageEvent (edit modal)', 80)))
      expect(problems).toEqual([])
    }, 300_000)
})

describe('Tab through the event edit dialog on a short screen', () => {
  // 400 % zoom of 1280×1024, and a phone on its side: the sticky Cancel/Save bar covers much of the dialog.
  for (const viewport of [
    { width: 320, height: 256 },
    { width: 844, height: 390 },
  ])
    test(`no field is hidden under the sticky buttons at ${viewport.width}×${viewport.height}`, async () => {
      const page = await staffPage(viewport)
      await openEditModal(page)
      expect(await tabThrough(page, `/manageEvent (edit modal) at ${viewport.width}×${viewport.height}`, 80)).toEqual([])
    }, 60_000)
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
