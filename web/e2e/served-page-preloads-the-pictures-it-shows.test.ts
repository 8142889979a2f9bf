/**
 * A page the server renders asks the browser, in its <head>, for the hero and the logo it shows now —
 * not for those the build saw. After staff choose another hero or upload a logo, a visitor's browser
 * must not spend a weak signal on the old pictures before the new ones. No browser: the real app on
 * the real build (npm run build first, for dist/.server) and a real SQLite file with the demo content.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import sharp from 'sharp'
import { servedAppSignedIn } from './served-app'

const jsonOf = async (res: Response) => (await res.json()) as any
let t: Awaited<ReturnType<typeof servedAppSignedIn>>['app']
let token: string

beforeAll(async () => {
  // A copy of the seeded data of its own (served-app.ts): the logo it uploads shows on no other test's pages.
  ;({ app: t, token } = await servedAppSignedIn({ SITE_URL: 'https://www.larkdale.example' }))
})
afterAll(() => t?.close())

/** The addresses the page's <head> preloads as images (href, or each candidate of a srcset). */
async function preloadedImages(path: string): Promise<string[]> {
  const html = await (await t.call('GET', path)).text()
  const head = html.slice(0, html.indexOf('</head>'))
  return [...head.matchAll(/<link rel="preload" as="image"([^>]*)>/g)].flatMap(([, attributes]) => {
    const href = /href="([^"]+)"/.exec(attributes!)?.[1]
    const srcset = /imageSrcSet="([^"]+)"/i.exec(attributes!)?.[1]
    return [...(href ? [href] : []), ...(srcset ? srcset.split(',').map((candidate) => candidate.trim().split(' ')[0]!) : [])]
  })
}

test('a new hero and a new logo: the served page preloads them, and no longer the built ones', async () => {
  const before = await preloadedImages('/stay')
  expect(before).toContain('/logo.svg')
  expect(before.some((url) => url.startsWith('/images/hero-stay'))).toBe(true)

  const stay = ((await jsonOf(await t.call('GET', '/api/admin/pages', { token }))) as any[]).find((page) => page.page === 'stay')
  const { page: _page, updated_at: _version, ...fields } = stay
  const saved = await t.call('PUT', '/api/admin/pages/stay', { token, json: { ...fields, picture: '/images/hero-eat.jpg', pictureDescription: 'Breakfast' } })
  expect(saved.status).toBe(200)
  const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#2a5d3b' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('logo', new File([png], 'logo.png', { type: 'image/png' }))
  const uploaded = await t.call('POST', '/api/admin/venue/logo', { token, form })
  expect(uploaded.status).toBe(200)
  const logo = (await jsonOf(uploaded)).logo as string

  const after = await preloadedImages('/stay')
  expect(after).toContain(logo)
  expect(after).not.toContain('/logo.svg')
  expect(after.some((url) => url.startsWith('/images/hero-eat'))).toBe(true)
  expect(after.some((url) => url.startsWith('/images/hero-stay'))).toBe(false)
})
