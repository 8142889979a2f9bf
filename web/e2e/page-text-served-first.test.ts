/**
 * Staff's words reach a new visitor in the first HTML: an owner changes About's text and Stay's hero and
 * rooms, and the next page the server sends (read without running any script) holds them, the old
 * words gone, the body's formatting as elements and a refused link saved nowhere. The real app on the
 * real build (npm run build first) and a real SQLite file with the demo content; no browser needed.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_ADMIN } from '../../api/src/app'
import { makeServedApp } from './served-app'

const DIST = join(import.meta.dir, '..', 'dist')
const jsonOf = async (res: Response) => (await res.json()) as any
let t: Awaited<ReturnType<typeof makeServedApp>>
let token: string

beforeAll(async () => {
  if (!existsSync(join(DIST, '.server', 'entry-server.mjs'))) throw new Error('Build first: npm run build (dist/.server/entry-server.mjs is missing)')
  t = await makeServedApp(DIST, {})
  token = (await jsonOf(await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN }))).token
})
afterAll(() => t?.close())

const rootOf = (page: string) => page.slice(page.indexOf('<div id="root"'), page.lastIndexOf('</body>'))
const served = async (path: string) => rootOf(await (await t.call('GET', path)).text())
const staffPage = async (page: string) => {
  const pages = (await jsonOf(await t.call('GET', '/api/admin/pages', { token }))) as any[]
  const { page: _key, ...fields } = pages.find((p) => p.page === page)
  return fields
}
const save = async (page: string, changes: Record<string, unknown>) =>
  t.call('PUT', `/api/admin/pages/${page}`, { token, json: { ...(await staffPage(page)), ...changes } })

test("About's new text is in the next HTML served, formatted, and the old text is gone", async () => {
  expect(await served('/about')).toContain('began life as a drovers’ inn')
  const res = await save('about', { body: '## Under new owners\n\nWe reopened in **spring**, with [rooms](/stay) to book.\n\n- Log fires\n- Local ales' })
  expect(res.status).toBe(200)
  const root = await served('/about')
  expect(root).toContain('<h2>Under new owners</h2>')
  expect(root).toContain('We reopened in <strong>spring</strong>, with <a href="/stay">rooms</a> to book.')
  expect(root).toContain('<li><p>Log fires</p></li>')
  expect(root).not.toContain('drovers’ inn')
})

test("Stay's hero and rooms follow the content; a refused change leaves the served page as it was", async () => {
  const items = [{ title: 'Three garden rooms', text: 'Each with its own door onto the lawn.', picture: null, pictureDescription: '', link: null }]
  expect((await save('stay', { title: 'Sleep in the dale', intro: 'Three rooms by the river.', items })).status).toBe(200)
  const root = await served('/stay')
  expect(root).toMatch(/<h1 class="hero__title"[^>]*>Sleep in the dale<\/h1>/)
  expect(root).toContain('Three rooms by the river.')
  expect(root).toContain('Three garden rooms')
  expect(root).not.toContain('Five double rooms')
  const refused = await save('stay', { body: 'Book [here](javascript:alert(1))' })
  expect(refused.status).toBe(400)
  expect((await jsonOf(refused)).error).toContain('javascript:alert(1)')
  expect(await served('/stay')).toBe(root)
})

test('a new logo is in the next HTML served, in the navigation, the footer and the splash; the original comes back the same way', async () => {
  const picture = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#c9a86a' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('logo', new File([new Uint8Array(picture)], 'logo.png', { type: 'image/png' }))
  const { logo } = await jsonOf(await t.call('POST', '/api/admin/venue/logo', { token, form }))
  const root = await served('/about')
  expect(root.split(`src="${logo}"`).length - 1).toBe(3)
  expect(root).not.toContain('src="/logo.svg"')
  await t.call('DELETE', '/api/admin/venue/logo', { token })
  expect(await served('/about')).not.toContain(logo)
})
