/**
 * An owner's change to the venue details is in the very next page served, with no rebuild and no
 * restart: its title, Open Graph tags, structured data and Content-Security-Policy. The real app on a
 * build as web/build/prerender.ts writes it (without the server bundle: the rendered body is
 * web/e2e/venue-details-served.test.ts's).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { demoVenue } from '../src/config'
import { STRUCTURED_DATA_ID } from '../src/shared/structured-data'
import { jsonOf, makeTestApp, type TestApp } from './helpers'
import { writeBuiltSite } from './seo-fixture'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await makeTestApp({ env: { SITE_URL: 'https://www.larkdale.example' } })
  const dist = t.ctx.config.webDistDir
  writeBuiltSite(dist, t.ctx.venue())
  // The build puts the venues' structured data in the pages that have it (web/build/prerender.ts).
  for (const file of ['index.html', 'contact/index.html']) {
    const html = readFileSync(join(dist, file), 'utf8')
    writeFileSync(join(dist, file), html.replace('</head>', `<script type="application/ld+json" id="${STRUCTURED_DATA_ID}">[]</script></head>`))
  }
  token = await t.token()
})
afterAll(() => t.close())

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
const metaOf = (html: string, name: string) => decode(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '')
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
const businesses = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/ld\\+json" id="${STRUCTURED_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)![1]!) as Record<string, any>[]

test('the next page served after a change carries the new names, phone and booking origin', async () => {
  const before = await t.call('GET', '/contact')
  const old = await before.text()
  expect(titleOf(old)).toBe(`Contact — ${demoVenue.hotelName}`)
  expect(businesses(old)[0]!.telephone).toBe(demoVenue.phone)

  const changed = {
    ...structuredClone(demoVenue),
    hotelName: 'Fellside & Co Inn',
    barName: 'The Hayloft',
    phone: '015394 32000',
    booking: { scriptUrl: 'https://book.fellside.example/w.js', widgetId: 'fell-1', origin: 'https://book.fellside.example' },
  }
  expect((await t.call('PUT', '/api/admin/venue', { token, json: changed })).status).toBe(200)

  for (const path of ['/contact', '/']) {
    const res = await t.call('GET', path)
    const html = await res.text()
    const [hotel, bar] = businesses(html)
    expect(hotel!.name).toBe('Fellside & Co Inn')
    expect(bar!.name).toBe('The Hayloft')
    expect(hotel!.telephone).toBe('015394 32000')
    expect(metaOf(html, 'og:site_name')).toBe('Fellside & Co Inn')
    expect(metaOf(html, 'og:title')).toBe(titleOf(html))
    expect(metaOf(html, 'description')).toContain('Fellside & Co Inn and The Hayloft')
    expect(html).not.toContain(demoVenue.hotelName)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self' https://book.fellside.example")
    expect(csp).not.toContain(new URL(demoVenue.booking.origin).host)
  }
  expect(titleOf(await (await t.call('GET', '/contact')).text())).toBe('Contact — Fellside & Co Inn')
  expect(titleOf(await (await t.call('GET', '/')).text())).toBe('Fellside & Co Inn & The Hayloft')
  expect((await jsonOf(await t.call('GET', '/api/venue'))).hotelName).toBe('Fellside & Co Inn')
})
