import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { ALT_TEXT_MAX } from '../src/shared/rules/alt-text'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

const TOO_LONG = 'x'.repeat(ALT_TEXT_MAX + 1)
const uploadsOnDisk = () => readdirSync(t.ctx.files.dir).length

async function galleryUpload(type: string, alts: string[], count = alts.length) {
  const form = new FormData()
  for (let i = 0; i < count; i++) form.append('images', fileOf(await makeImage('jpeg', 50 + i, 40, '#a73'), `g${i}.jpg`))
  form.append('type', type)
  for (const alt of alts) form.append('alt', alt)
  return t.call('POST', '/api/upload-gallery', { token, form })
}

const publicGallery = async (type: string) =>
  (await jsonOf(await t.call('GET', `/api/gallery/${type}`))) as { id: number; alt: string; alt_text: string | null }[]

describe('gallery pictures', () => {
  test('an upload takes a description per picture, trimmed; one left empty keeps the generated text', async () => {
    const res = await galleryUpload('stables', ['  Log fire  in the\nbar  ', ''])
    expect(res.status).toBe(201)
    const images = (await jsonOf(res)).images
    expect(images.map((i: any) => [i.alt, i.alt_text])).toEqual([
      ['Log fire in the bar', 'Log fire in the bar'],
      [`Photo of ${t.ctx.venue().barName}`, null],
    ])
    expect((await publicGallery('stables')).map((i) => i.alt)).toEqual(['Log fire in the bar', `Photo of ${t.ctx.venue().barName}`])
  })

  test('a description over the limit or more descriptions than pictures is a 400, and nothing is saved', async () => {
    const files = uploadsOnDisk()
    const long = await galleryUpload('cafe', [TOO_LONG])
    expect(long.status).toBe(400)
    expect((await jsonOf(long)).error).toBe(`The description (alt text) must be at most ${ALT_TEXT_MAX} characters.`)
    const extra = await galleryUpload('cafe', ['one', 'two'], 1)
    expect(extra.status).toBe(400)
    expect((await jsonOf(extra)).error).toMatch(/one description \(alt\) per image/)
    expect(await publicGallery('cafe')).toEqual([])
    expect(uploadsOnDisk()).toBe(files)
  })

  test('PUT /api/edit-gallery/:id sets, changes and clears a description; the public reply follows', async () => {
    const [image] = (await jsonOf(await galleryUpload('rooms', ['']))).images
    const etag = (await t.call('GET', '/api/gallery/rooms')).headers.get('etag')!
    const set = await t.call('PUT', `/api/edit-gallery/${image.id}`, { token, json: { alt: ' Twin room with a view of the fells ' } })
    expect(set.status).toBe(200)
    expect((await jsonOf(set)).image.alt_text).toBe('Twin room with a view of the fells')
    const after = await t.call('GET', '/api/gallery/rooms', { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect((await jsonOf(after))[0].alt).toBe('Twin room with a view of the fells')
    const grouped = await jsonOf(await t.call('GET', '/api/galleryGrouped'))
    expect(grouped['3'][0].alt).toBe('Twin room with a view of the fells')
    // Sent again (a replay): same answer.
    const again = await t.call('PUT', `/api/edit-gallery/${image.id}`, { token, json: { alt: 'Twin room with a view of the fells' } })
    expect(again.status).toBe(200)
    const cleared = await t.call('PUT', `/api/edit-gallery/${image.id}`, { token, json: { alt: '   ' } })
    expect(cleared.status).toBe(200)
    expect((await jsonOf(cleared)).image).toMatchObject({ alt: 'Photo of one of our rooms', alt_text: null })
    expect((await publicGallery('rooms'))[0]!.alt).toBe('Photo of one of our rooms')
  })

  test('bad edits are refused with a reason and change nothing', async () => {
    const [image] = (await jsonOf(await galleryUpload('events', ['Barn dance']))).images
    const long = await t.call('PUT', `/api/edit-gallery/${image.id}`, { token, json: { alt: TOO_LONG } })
    expect(long.status).toBe(400)
    expect((await jsonOf(long)).error).toMatch(/at most 250 characters/)
    const unknown = await t.call('PUT', '/api/edit-gallery/999999', { token, json: { alt: 'x' } })
    expect(unknown.status).toBe(404)
    expect((await jsonOf(unknown)).error).toBe('No gallery image with id 999999.')
    const wrongShape = await t.call('PUT', `/api/edit-gallery/${image.id}`, { token, json: { alt: 5 } })
    expect(wrongShape.status).toBe(400)
    const badJson = await t.call('PUT', `/api/edit-gallery/${image.id}`, { token, body: '{"alt": "x', headers: { 'content-type': 'application/json' } })
    expect(badJson.status).toBe(400)
    expect(typeof (await jsonOf(badJson)).error).toBe('string')
    expect((await t.call('PUT', `/api/edit-gallery/${image.id}`, { json: { alt: 'x' } })).status).toBe(401)
    expect((await t.call('PUT', `/api/edit-gallery/${image.id}`, { token: `${token}x`, json: { alt: 'x' } })).status).toBe(401)
    expect((await publicGallery('events'))[0]!.alt).toBe('Barn dance')
  })
})

async function aroundForm(fields: Record<string, string>, withImage = true) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (withImage) form.append('image', fileOf(await makeImage('png', 90, 60, '#357'), 'walk.png'))
  return form
}

describe('attractions', () => {
  test('the add and edit forms take a description; the public list sends it (null until written)', async () => {
    const base = { name: 'Fell walk', url: 'https://example.org/walk', description: 'Up the fell.' }
    const plain = await t.call('POST', '/api/upload-around', { token, form: await aroundForm(base) })
    expect(plain.status).toBe(201)
    expect((await jsonOf(plain)).attraction.alt_text).toBeNull()
    const res = await t.call('POST', '/api/upload-around', { token, form: await aroundForm({ ...base, name: 'Tarn', alt: ' A still tarn below crags ' }) })
    expect(res.status).toBe(201)
    const { attraction } = await jsonOf(res)
    expect(attraction.alt_text).toBe('A still tarn below crags')
    const edited = await t.call('PUT', `/api/edit-around/${attraction.id}`, {
      token,
      form: await aroundForm({ ...base, name: 'Tarn', alt: 'Tarn in winter', updated_at: attraction.updated_at }, false),
    })
    expect(edited.status).toBe(200)
    const listed = (await jsonOf(await t.call('GET', '/api/around'))) as { name: string; alt_text: string | null }[]
    expect(listed.find((a) => a.name === 'Tarn')!.alt_text).toBe('Tarn in winter')
    // An edit that sends no alt field (an older queued one) keeps the description.
    const kept = await t.call('PUT', `/api/edit-around/${attraction.id}`, { token, form: await aroundForm({ ...base, name: 'Tarn' }, false) })
    expect((await jsonOf(kept)).attraction.alt_text).toBe('Tarn in winter')
    const tooLong = await t.call('PUT', `/api/edit-around/${attraction.id}`, { token, form: await aroundForm({ ...base, name: 'Tarn', alt: TOO_LONG }, false) })
    expect(tooLong.status).toBe(400)
    expect((await jsonOf(tooLong)).error).toMatch(/at most 250/)
    const files = uploadsOnDisk()
    const newTooLong = await t.call('POST', '/api/upload-around', { token, form: await aroundForm({ ...base, alt: TOO_LONG }) })
    expect(newTooLong.status).toBe(400)
    expect(uploadsOnDisk()).toBe(files)
  })
})

describe('events', () => {
  test('create and edit take a description; /api/events sends it', async () => {
    const png = await makeImage('png', 80, 60, '#753')
    const res = await t.call('POST', '/api/upload-event', {
      token,
      json: {
        title: 'Folk night',
        description: 'Fiddles.',
        startDatetime: '2099-05-01T19:30',
        image_base64: Buffer.from(png).toString('base64'),
        alt_text: ' Fiddlers by the fire ',
      },
    })
    expect(res.status).toBe(201)
    const { event } = await jsonOf(res)
    expect(event.alt_text).toBe('Fiddlers by the fire')
    const form = new FormData()
    for (const [k, v] of Object.entries({
      id: String(event.id),
      title: 'Folk night',
      description: 'Fiddles.',
      start_datetime: '2099-05-01T19:30',
      alt_text: '',
    }))
      form.append(k, v)
    const edited = await t.call('POST', '/api/update-event', { token, form })
    expect(edited.status).toBe(200)
    expect((await jsonOf(edited)).event.alt_text).toBeNull()
    form.set('alt_text', TOO_LONG)
    const long = await t.call('POST', '/api/update-event', { token, form })
    expect(long.status).toBe(400)
    form.set('alt_text', 'Two fiddlers')
    expect((await t.call('POST', '/api/update-event', { token, form })).status).toBe(200)
    const listed = (await jsonOf(await t.call('GET', '/api/events'))) as { id: number; alt_text: string | null }[]
    expect(listed.find((e) => e.id === event.id)!.alt_text).toBe('Two fiddlers')
    const tooLong = await t.call('POST', '/api/upload-event', {
      token,
      json: { title: 'X', description: 'Y', startDatetime: '2099-05-02T19:30', image_base64: Buffer.from(png).toString('base64'), alt_text: TOO_LONG },
    })
    expect(tooLong.status).toBe(400)
  })
})
