/** Every staff screen fits the screen at phone and desktop widths: nothing is wider than the view. Build first (npm run build). */
import { beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STAFF_ROUTES } from '../../api/src/shared/rules/staff-routes'
import { DESKTOP, PHONE } from './harness'
import { go, load, prepare, useServerAndPhone } from './staff-pages'

const SHOTS = process.env.SHOTS_DIR || join(tmpdir(), 'shots')
beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

describe('staff screens', () => {
  const suite = useServerAndPhone()

  test('every staff screen at phone and desktop width: nothing wider than the screen', async () => {
    const { server, persistent } = suite
    const { context } = persistent
    // Anyone can put a long unbroken word into the activity trail: a username tried at the login.
    const attempt = { username: 'x'.repeat(100), password: 'not-the-password-at-all' }
    const refused = await server.api('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(attempt) })
    expect(refused.status).toBe(401)
    const page = await prepare(context, await server.token())
    await load(page, `${server.url}/admin`)
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      for (const { path } of STAFF_ROUTES) {
        await go(page, path)
        await page.locator('h1').first().waitFor()
        await page.waitForFunction(() => !document.querySelector('.admin-loading'))
        await page.screenshot({ path: join(SHOTS, `staff${path.replace('/', '-')}-${viewport.width}.png`), fullPage: true })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      }
    }
    await page.setViewportSize(PHONE)
  })
})
