/** The activity trail names a menu upload's business as staff know it, never by its number. */
import { afterEach, expect, test } from 'bun:test'
import { fileOf, makePdf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
afterEach(() => t?.close())

const summaries = () =>
  (t.ctx.db.query("SELECT summary FROM activity WHERE kind = 'menu' ORDER BY id").all() as Array<{ summary: string }>).map((row) => row.summary)

async function upload(fields: Record<string, string>) {
  const form = new FormData()
  form.append('pdf', fileOf(await makePdf(), 'menu.pdf', 'application/pdf'))
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  expect((await t.call('POST', '/api/upload-pdf', { token: await t.token(), form })).status).toBe(201)
}

test('a menu upload in the trail names the business by its configured name, and the menu type only when it is not the website’s', async () => {
  t = await makeTestApp()
  const { hotelName, barName } = t.ctx.venue()
  await upload({ business_id: '1' })
  await upload({ business_id: '2', type_id: 'drinks' })
  expect(summaries()).toEqual([`Uploaded a new menu PDF for ${barName}`, `Uploaded a new menu PDF for ${hotelName} cafe (menu type “drinks”)`])
  for (const summary of summaries()) expect(summary).not.toMatch(/business \d|type 1/)
})
