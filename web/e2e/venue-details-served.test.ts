/**
 * An owner's change to the venue details is in the very next page the server renders, read without
 * a script: the footer, the contact page's phone and email, the names in the page, the title, the
 * Open Graph tags, the structured data, the embedded data the browser's stores start from, and the
 * Content-Security-Policy. No browser: the real app on the real build (npm run build first, for
 * dist/.server) and a real SQLite file with the demo content.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { servedAppSignedIn } from './served-app'

const jsonOf = async (res: Response) => (await res.json()) as any
let t: Awaited<ReturnType<typeof servedAppSignedIn>>['app']
let token: string

beforeAll(async () => {
  ;({ app: t, token } = await servedAppSignedIn({ SITE_URL: 'https://www.larkdale.example' }))
})
afterAll(() => t?.close())

const rootOf = (page: string) => page.slice(page.indexOf('<div id="root"'), page.lastIndexOf('<script type="application/json" id="initial-data">'))
const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')
const metaOf = (html: string, name: string) => decode(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '')
const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)![1]!)

test('after a PUT, a new visitor’s first HTML shows the new phone, names and booking origin everywhere', async () => {
  const before = await jsonOf(await t.call('GET', '/api/admin/venue', { token }))
  const changed = {
    ...before.venue,
    hotelName: 'Fellside Inn',
    barName: 'The Hayloft bar',
    phone: '015394 32000',
    email: 'stay@fellside.example',
    booking: { scriptUrl: 'https://book.fellside.example/w.js', widgetId: 'fell-1', origin: 'https://book.fellside.example' },
  }
  // Rendered once before the change: the page is kept, and must not be served again after it.
  expect(rootOf(await (await t.call('GET', '/contact')).text())).toContain(before.venue.phone)
  expect((await t.call('PUT', '/api/admin/venue', { token, json: changed })).status).toBe(200)

  const res = await t.call('GET', '/contact')
  const html = await res.text()
  const root = rootOf(html)
  expect(root).toContain('015394 32000')
  expect(root).toContain('href="tel:01539432000"')
  expect(root).toContain('stay@fellside.example')
  expect(root).toContain('Fellside Inn')
  expect(root).toContain('The Hayloft bar')
  expect(root).not.toContain(before.venue.phone)
  expect(root).not.toContain(before.venue.hotelName)
  expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toBe('Contact — Fellside Inn')
  expect(metaOf(html, 'og:site_name')).toBe('Fellside Inn')
  expect(metaOf(html, 'og:title')).toBe('Contact — Fellside Inn')
  const [hotel, bar] = JSON.parse(/<script type="application\/ld\+json" id="venue-structured-data">([\s\S]*?)<\/script>/.exec(html)![1]!)
  expect([hotel.name, hotel.telephone, bar.name]).toEqual(['Fellside Inn', '015394 32000', 'The Hayloft bar'])
  expect(embedded(html).stores.venue).toEqual({ ...changed, logo: '/logo.svg' })
  const csp = res.headers.get('content-security-policy')!
  expect(csp).toContain("script-src 'self' https://book.fellside.example")
  expect(csp).not.toContain(new URL(before.venue.booking.origin).host)

  // The stay page's booking widget names the new widget; the home page its new name.
  expect(rootOf(await (await t.call('GET', '/stay')).text())).toContain('data-widget-id="fell-1"')
  expect(rootOf(await (await t.call('GET', '/')).text())).toContain('Fellside Inn')
})

test('a new name that contains the old one is written once, in a page asked for with a query too', async () => {
  const { venue } = await jsonOf(await t.call('GET', '/api/admin/venue', { token }))
  const seedName = 'Larkdale Hotel'
  expect((await t.call('PUT', '/api/admin/venue', { token, json: { ...venue, hotelName: `${seedName} & Spa` } })).status).toBe(200)
  for (const path of ['/contact', '/contact?utm_source=newsletter']) {
    const html = await (await t.call('GET', path)).text()
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!), path).toBe(`Contact — ${seedName} & Spa`)
    expect(metaOf(html, 'og:title'), path).toBe(`Contact — ${seedName} & Spa`)
  }
})

test('a path that is no page answers 404 with the not-found page as it reads now: its title, names and logo current', async () => {
  const { venue } = await jsonOf(await t.call('GET', '/api/admin/venue', { token }))
  expect((await t.call('PUT', '/api/admin/venue', { token, json: { ...venue, hotelName: 'Tarn Foot House', barName: 'The Byre' } })).status).toBe(200)
  for (const [path, title] of [
    ['/no-such-page', 'Page not found — Tarn Foot House'],
    ['/menu/no-such-menu', 'Menu not found — Tarn Foot House'],
  ] as const) {
    const res = await t.call('GET', path)
    expect(res.status, path).toBe(404)
    const html = await res.text()
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!), path).toBe(title)
    const root = html.slice(html.indexOf('<div id="root"'), html.lastIndexOf('</body>'))
    expect(root, path).toContain('Tarn Foot House')
    expect(root, path).toContain('The Byre')
    expect(root, path).not.toContain('Larkdale Hotel')
  }
})
