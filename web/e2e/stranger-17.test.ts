/**
 * Issue 17 (the venue clock worked out by rule, render-blocking until <main>) as a stranger finds it
 * (build first: npm run build): the staff event form on the night the clocks go forward, and the
 * staff screens' console.
 */
import { expect, test } from 'bun:test'
import { blockThirdParties, DEMO_ADMIN, DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

async function staffContext(viewport: typeof PHONE) {
  const { server, browser } = suite
  const res = await server.api('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
  const { token } = (await res.json()) as { token: string }
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  await blockThirdParties(context, server.url)
  await context.addInitScript((t) => {
    localStorage.setItem('cookiesAgreed', 'true')
    localStorage.setItem('adminToken', t)
  }, token)
  return { context, token }
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${size}: the staff screens (the app shell, no <main> in its HTML) load without a console warning about <link rel=expect>`, async () => {
    const { server } = suite
    const { context } = await staffContext(viewport)
    try {
      const page = await context.newPage()
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
      })
      for (const path of ['/admin', '/manageEvent', '/login']) {
        await page.goto(`${server.url}${path}`)
        await page.waitForSelector('#main')
      }
      expect(warnings.filter((text) => text.includes('expect'))).toEqual([])
    } finally {
      await context.close()
    }
  })
}

test('editing an event to 1:30 am on the night the clocks go forward: the dialog says that time does not happen, and the event keeps its start', async () => {
  const { server } = suite
  const { context, token } = await staffContext(DESKTOP)
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
  const { context, token } = await staffContext(DESKTOP)
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
