/** A gallery picture's description edited from an older reading is refused with the picture as it is now, not written over another's. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { altTextVersion } from '../src/shared/rules/alt-text'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

async function picture(alt: string): Promise<{ id: number; alt_text: string | null }> {
  const form = new FormData()
  form.append('images', fileOf(await makeImage('jpeg', 50, 40, '#a73'), 'g.jpg'))
  form.append('type', 'rooms')
  form.append('alt', alt)
  return (await jsonOf(await t.call('POST', '/api/upload-gallery', { token, form }))).images[0]
}
const describe = (id: number, alt: string, basedOn?: string | null) =>
  t.call('PUT', `/api/edit-gallery/${id}`, { token, json: { alt }, headers: basedOn === undefined ? {} : { 'if-match': `"${altTextVersion(basedOn)}"` } })

test('an edit based on the description as it is goes through; one based on an older description is a 409 with the picture now', async () => {
  const image = await picture('Twin room')
  expect((await describe(image.id, 'Twin room with a view', 'Twin room')).status).toBe(200)
  const stale = await describe(image.id, 'Twin room, first floor', 'Twin room')
  expect(stale.status).toBe(409)
  const body = await jsonOf(stale)
  expect(body.error).toBe('This picture’s description was changed by someone else since you opened it.')
  expect(body.current).toMatchObject({ id: image.id, alt_text: 'Twin room with a view' })
  // Nothing was written over the newer description.
  expect((await describe(image.id, 'Twin room with a view of the fells', 'Twin room with a view')).status).toBe(200)
})

test('no description and an empty one are the same version; an edit with no If-Match is applied as before', async () => {
  const image = await picture('')
  expect(image.alt_text).toBeNull()
  expect((await describe(image.id, 'Family room', '')).status).toBe(200)
  expect((await describe(image.id, 'Family room with bunk beds')).status).toBe(200)
  expect(altTextVersion(null)).toBe(altTextVersion('  '))
  expect(altTextVersion('Café “Stables”')).toBe(encodeURIComponent('Café “Stables”'))
})
