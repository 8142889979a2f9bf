/**
 * What an edit changed, before → after, is text too, and not always staff's own (a description pasted
 * from elsewhere can carry a direction override or a bell): the trail keeps every value without control,
 * zero-width or bidi characters, as it keeps summaries and failed logins' usernames, so no reader of
 * GET /api/admin/activity sees an entry turned around or split.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await makeTestApp()
  owner = await t.token()
})
afterAll(() => t?.close())

test('a gallery description with a direction override, a bell and a zero-width space is in the trail without them', async () => {
  const form = new FormData()
  form.append('type', 'generic')
  form.append('images', fileOf(await makeImage('jpeg', 400, 300), 'dale.jpg', 'image/jpeg'))
  const uploaded = await t.call('POST', '/api/upload-gallery', { token: owner, form })
  expect(uploaded.status).toBe(201)
  const id = ((await jsonOf(uploaded)) as { images: { id: number }[] }).images[0]!.id

  const edit = await t.call('PUT', `/api/edit-gallery/${id}`, { token: owner, json: { alt: 'Mist \u202eeulb\u202c over the \u0007dale\u200b' } })
  expect(edit.status).toBe(200)
  const [entry] = (await jsonOf(await t.call('GET', '/api/admin/activity?kind=gallery&limit=1', { token: owner }))) as {
    changes: { field: string; before: unknown; after: unknown }[]
  }[]
  expect(entry!.changes).toEqual([{ field: 'alt_text', before: null, after: 'Mist eulb over the dale' }])
})
