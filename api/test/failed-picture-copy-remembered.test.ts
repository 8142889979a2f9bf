/**
 * A picture copy that could not be made is remembered for a while: an anonymous visitor asking for it
 * again and again gets 404 at once, and does not set the picture worker to the same failing job each
 * time (a copy over its budget costs the worker up to PICTURE_JOB_SECONDS before it is killed).
 */
import { afterAll, expect, spyOn, test } from 'bun:test'
import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileOf, jsonOf, makeImage, makeTestApp } from './helpers'

const t = await makeTestApp()
afterAll(() => t.close())

test('a copy whose original cannot be decoded is tried once, then refused at once while remembered', async () => {
  const form = new FormData()
  form.append('type', 'generic')
  form.append('images', fileOf(await makeImage('jpeg', 1600, 1200), 'photo.jpg'))
  const res = await t.call('POST', '/api/upload-gallery', { form, token: await t.token() })
  expect(res.status).toBe(201)
  const { image_url, image_variants } = (await jsonOf(res)).images[0] as { image_url: string; image_variants: { url: string }[] }
  // The original is damaged on disk after upload, and no copy of it has been made yet.
  writeFileSync(join(t.ctx.files.dir, image_url.replace('/files/', '')), 'not a picture any more')
  for (const name of readdirSync(t.ctx.variants.dir)) rmSync(join(t.ctx.variants.dir, name), { force: true })
  const runs = spyOn(t.ctx.pictureWorker, 'run')
  const copy = image_variants[0]!.url
  expect((await t.call('GET', copy)).status).toBe(404)
  expect(runs).toHaveBeenCalledTimes(1)
  for (let i = 0; i < 5; i++) expect((await t.call('GET', copy)).status).toBe(404)
  expect(runs).toHaveBeenCalledTimes(1)
  runs.mockRestore()
})
