/**
 * The staff event form and the venue clock (build first: npm run build): a start in the hour the
 * clocks skip is refused in the dialog and the event keeps its start; an event at the first 1:30 am of
 * the night the clocks go back keeps it when only its title is edited; and offline, a start the server
 * would refuse (the year 10000) is refused by the form rather than kept on the device to fail later.
 */
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { DESKTOP, PHONE, staffContext, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

test('editing an event to 1:30 am on the night the clocks go forward: the dialog says that time does not happen, and the event keeps its start', async () => {
  const { server } = suite
  const { context, token } = await staffContext(suite, DESKTOP)
  try {
    const before = (await (await server.api('/api/admin/events', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: number
      title: string
      start_datetime: string
    }[]
    const event = before[0]!
    const page = await context.newPage()
    await page.goto(`${server.url}/manageEvent`)
    await page.getByRole('button', { name: `Edit ${event.title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit event' })
    await dialog.getByLabel('Start Date/Time').fill('2027-03-28T01:30')
    await dialog.getByRole('button', { name: /save/i }).click()
    await dialog.getByText('clocks go forward', { exact: false }).first().waitFor({ timeout: 10_000 })
    const after = (await (await server.api('/api/admin/events', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: number
      start_datetime: string
    }[]
    expect(after.find((e) => e.id === event.id)?.start_datetime).toBe(event.start_datetime)
  } finally {
    await context.close()
  }
})

test('an event at the first 1:30 am of the night the clocks go back keeps its start when only its title is edited', async () => {
  const { server } = suite
  const { context, token } = await staffContext(suite, DESKTOP)
  const auth = { authorization: `Bearer ${token}` }
  try {
    const events = (await (await server.api('/api/admin/events', { headers: auth })).json()) as { id: number; title: string }[]
    const event = events[1]!
    // 00:30 UTC on 31 October 2027 is 1:30 am BST; an hour later the clock reads 1:30 am again (GMT).
    const form = new FormData()
    for (const [k, v] of Object.entries({ id: String(event.id), title: event.title, description: 'By the fire', start_datetime: '2027-10-31T00:30:00Z' }))
      form.set(k, v)
    expect((await server.api('/api/update-event', { method: 'POST', headers: auth, body: form })).status).toBe(200)
    const page = await context.newPage()
    await page.goto(`${server.url}/manageEvent`)
    await page.getByRole('button', { name: `Edit ${event.title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit event' })
    expect(await dialog.getByLabel('Start Date/Time').inputValue()).toBe('2027-10-31T01:30')
    await dialog.getByLabel('Title').fill(`${event.title} (renamed)`)
    // Enter in a field saves, as many staff do. (A click waits for the button to hold still over two
    // animation frames; once in a clean clone a busy page gave none for 30 s, and the edit is the point.)
    await dialog.getByLabel('Title').press('Enter')
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 })
    const after = (await (await server.api('/api/admin/events', { headers: auth })).json()) as { id: number; title: string; start_datetime: string }[]
    const saved = after.find((e) => e.id === event.id)!
    expect({ title: saved.title, start: saved.start_datetime }).toEqual({ title: `${event.title} (renamed)`, start: '2027-10-31T00:30:00.000Z' })
  } finally {
    await context.close()
  }
})

describe('staff event starts the server will refuse', () => {
  // The form refused only the hour the clocks skip: offline, an event in the year 10000 was kept on
  // the device, listed with the start "Invalid Date", and failed once the signal came back.
  test('phone: offline, a start in the year 10000 is refused by the form, not kept to fail later', async () => {
    const { server, browser } = suite
    const token = await server.token()
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
    try {
      await context.route('**/*', (route) => (route.request().url().startsWith(server.url) ? route.continue() : route.abort('internetdisconnected')))
      await context.addInitScript((t) => {
        localStorage.setItem('cookiesAgreed', 'true')
        localStorage.setItem('adminToken', t)
      }, token)
      const page = await context.newPage()
      await page.goto(`${server.url}/createEvent`)
      await page.getByLabel('Title').fill('Far future')
      await context.setOffline(true)
      await page.getByLabel('Description').fill('A long way off.')
      await page.getByLabel('Start Date/Time').fill('10000-01-01T19:30')
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await tinyPng() })
      await page.getByRole('button', { name: 'Upload event' }).click()
      const kept = page.getByText('Saved on this device')
      await page.getByRole('alert').or(kept).first().waitFor({ timeout: 10_000 })
      expect(await kept.count()).toBe(0)
      expect(await page.getByRole('alert').innerText()).toContain('0000 to 9999')
      expect(await page.getByLabel('Start Date/Time').getAttribute('aria-invalid')).toBe('true')
    } finally {
      await context.close()
    }
  }, 60_000)
})

/** A small PNG. */
function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 128, g: 64, b: 32 } } })
    .png()
    .toBuffer()
}
