// The pages feature: each public page's hero, formatted body and items; who may change them, what is refused, the trail.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let clock = new Date('2026-05-01T09:00:00.000Z')
let t: TestApp
let owner: string
let editor: string
beforeAll(async () => {
  t = await makeTestApp({ now: () => clock, seedDemo: true })
  owner = await t.token()
  const password = 'kettle lantern orchard 42'
  expect(
    (await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'edna', role: 'editor', password: 'kettle-first-pass-7731' } })).status,
  ).toBe(201)
  const first = (await jsonOf(await t.call('POST', '/api/admin/login', { json: { username: 'edna', password: 'kettle-first-pass-7731' } }))).token
  await t.call('POST', '/api/admin/password', { token: first, json: { current_password: 'kettle-first-pass-7731', new_password: password } })
  editor = (await jsonOf(await t.call('POST', '/api/admin/login', { json: { username: 'edna', password } }))).token
})
afterAll(() => t.close())

const staffPages = async () => (await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as any[]
const staffPage = async (page: string) => (await staffPages()).find((p) => p.page === page)
/** The page as staff read it, minus the version: the body of a PUT. */
const editable = async (page: string) => {
  const { page: _key, updated_at: _version, ...fields } = await staffPage(page)
  return fields
}
const put = (page: string, json: unknown, token = owner) => t.call('PUT', `/api/admin/pages/${page}`, { token, json })

async function refusedWith(page: string, changes: Record<string, unknown>, status = 400): Promise<string> {
  const before = await staffPage(page)
  const res = await put(page, { ...(await editable(page)), ...changes })
  expect(res.status).toBe(status)
  const { error } = await jsonOf(res)
  expect(typeof error).toBe('string')
  // Nothing saved is lost, nothing half-saved.
  expect(await staffPage(page)).toEqual(before)
  return error
}

describe('the demo venue starts with the words the pages used to hold', () => {
  test('every public page has content; Stay has its rooms and features, home its tiles', async () => {
    const pages = await staffPages()
    expect(pages.map((p) => p.page).sort()).toEqual(['about', 'around', 'contact', 'drink', 'eat', 'events', 'home', 'stay'])
    const stay = await staffPage('stay')
    expect(stay.picture).toBe('/images/hero-stay.jpg')
    expect(stay.body).toContain('five double rooms and 2 family rooms')
    expect(stay.items.map((item: any) => item.title)).toEqual(['Five double rooms', 'Two family rooms', 'Dogs welcome', 'Non-smoking'])
    expect((await staffPage('home')).items.map((item: any) => item.link)).toEqual(['/drink', '/eat', '/stay'])
  })

  test('visitors get the body as the safe tree, never its Markdown source', async () => {
    const res = await t.call('GET', '/api/pages/about')
    expect(res.status).toBe(200)
    const about = await jsonOf(res)
    expect(about.title).toBe('About us')
    expect(about.body[1]).toEqual({ type: 'heading', level: 2, children: [{ type: 'text', text: 'The Stables' }] })
    expect(about.body.some((block: any) => block.type === 'quote')).toBe(true)
    expect(JSON.stringify(about)).not.toContain('## ')
  })

  test('an unknown page is a 404 with a reason; the staff list needs a login', async () => {
    expect((await t.call('GET', '/api/pages/secret')).status).toBe(404)
    expect((await jsonOf(await t.call('GET', '/api/pages/secret'))).error).toContain('"secret"')
    expect((await t.call('GET', '/api/admin/pages')).status).toBe(401)
    expect((await t.call('PUT', '/api/admin/pages/about', { json: await editable('about') })).status).toBe(401)
    expect((await t.call('PUT', '/api/admin/pages/about', { json: { colour: 'red' } })).status).toBe(401)
  })
})

describe('saving a page', () => {
  test('an editor saves About: visitors see the new text at once, and the trail says what changed', async () => {
    clock = new Date('2026-05-01T10:00:00.000Z')
    const fields = await editable('about')
    const res = await put('about', { ...fields, intro: 'Three hundred years of good ale.', body: '## Our story\n\nNew **words**.\n\n- one\n- two' }, editor)
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).page.intro).toBe('Three hundred years of good ale.')
    const visitor = await jsonOf(await t.call('GET', '/api/pages/about'))
    expect(visitor.intro).toBe('Three hundred years of good ale.')
    expect(visitor.body[1].children[1]).toEqual({ type: 'strong', children: [{ type: 'text', text: 'words' }] })
    const trail = (await jsonOf(await t.call('GET', '/api/admin/activity?kind=page', { token: owner }))) as any[]
    expect(trail[0]).toMatchObject({ username: 'edna', kind: 'page', action: 'update', record_id: 'about', summary: 'Edited the About page' })
    expect(trail[0].changes).toEqual([
      { field: 'intro', before: 'Two hundred years of muddy boots, good ale and long conversations.', after: 'Three hundred years of good ale.' },
      { field: 'body', before: '5 paragraphs, 3 headings, 1 quote', after: 'text changed, 1 heading, 1 paragraph, 1 list' },
    ])
  })

  test('Stay’s rooms and features: added, reordered, edited and removed in one save; the trail lists them before → after', async () => {
    const fields = await editable('stay')
    const [doubles, family, dogs] = fields.items
    const items = [
      dogs,
      { ...doubles, text: 'King-size beds.' },
      { title: 'Hot tub', text: 'In the garden.', picture: null, pictureDescription: '', link: null },
    ]
    void family
    const res = await put('stay', { ...fields, items })
    expect(res.status).toBe(200)
    expect((await jsonOf(await t.call('GET', '/api/pages/stay'))).items.map((item: any) => item.title)).toEqual([
      'Dogs welcome',
      'Five double rooms',
      'Hot tub',
    ])
    const trail = (await jsonOf(await t.call('GET', '/api/admin/activity?kind=page', { token: owner }))) as any[]
    expect(trail[0].summary).toBe('Edited the Stay page (rooms and features)')
    expect(trail[0].changes).toEqual([
      { field: 'items', before: 'Five double rooms · Two family rooms · Dogs welcome · Non-smoking', after: 'Dogs welcome · Five double rooms · Hot tub' },
    ])
  })

  test('an edit started from an older version is refused with the page as it is now', async () => {
    const before = await staffPage('eat')
    expect((await put('eat', { ...(await editable('eat')), title: 'Cafe', updated_at: before.updated_at })).status).toBe(200)
    const res = await put('eat', { ...(await editable('eat')), title: 'Kitchen', updated_at: before.updated_at })
    expect(res.status).toBe(409)
    expect((await jsonOf(res)).current.title).toBe('Cafe')
  })
})

describe('each field is checked, the refusal naming the field and the problem', () => {
  test.each([
    [{ title: '  ' }, 'title: cannot be empty.'],
    [{ title: 'x'.repeat(121) }, 'title: at most 120 characters (this one has 121).'],
    [{ smallHeading: 'x'.repeat(81) }, 'smallHeading: at most 80 characters'],
    [{ intro: 'x'.repeat(601) }, 'intro: at most 600 characters'],
    [{ picture: 'https://evil.example/x.jpg' }, 'picture: "https://evil.example/x.jpg" is not one of the site\'s pictures'],
    [{ picture: '/images/../../etc/passwd' }, 'picture: '],
    [{ pictureDescription: '' }, 'pictureDescription: cannot be empty.'],
    [{ focalX: 101 }, 'focalX: a whole number from 0 to 100 (percent), not 101.'],
    [{ focalY: 2.5 }, 'focalY: a whole number from 0 to 100'],
    [{ body: 'Click [here](javascript:alert(1))' }, 'body: The link "javascript:alert(1)" is not allowed'],
    [{ body: '[x](data:text/html,hi)' }, 'body: The link "data:text/html,hi" is not allowed'],
    [{ body: 'Hi <script>alert(1)</script>' }, 'body: HTML is not allowed in page text (found "<script>")'],
    [{ body: `${'> '.repeat(1000)}deep` }, 'body: Lists and quotes are nested too deep'],
    [{ colour: 'red' }, 'unknown field "colour"'],
    [{ focalX: '50' }, 'focalX: must be a number.'],
    [{ title: null }, 'title: must be text.'],
    [{ items: 'none' }, 'items: must be a list.'],
    [{ items: [{ title: 'A', text: 'B' }] }, 'items: the About page has no list of items.'],
  ])('%o', async (changes, message) => {
    expect(await refusedWith('about', changes)).toContain(message)
  })

  test.each([
    [[{ title: '', text: 'B' }], 'items[1].title: cannot be empty.'],
    [[{ title: 'A', text: 'B', price: 3 }], 'items[1].unknown field "price"'],
    [[{ title: 'A', text: 'B', link: 'javascript:alert(1)' }], 'items[1].link: The link "javascript:alert(1)" is not allowed'],
    [[{ title: 'A', text: 'B', picture: '/images/tile-eat.jpg', pictureDescription: '' }], 'items[1].pictureDescription: cannot be empty.'],
    [Array.from({ length: 25 }, () => ({ title: 'A', text: 'B' })), 'items: at most 24 rooms and features (this list has 25).'],
  ])('stay items %#', async (items, message) => {
    expect(await refusedWith('stay', { items })).toContain(message)
  })

  test('a 2 MB body is refused as a 4xx with a reason, and nothing is saved', async () => {
    const res = await put('about', { ...(await editable('about')), body: 'a'.repeat(2_000_000) })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect((await jsonOf(res)).error).toMatch(/characters long|too large|at most/i)
  })

  test('a page that is not a public page is refused', async () => {
    const res = await put('admin', await editable('about'))
    expect(res.status).toBe(404)
  })
})
