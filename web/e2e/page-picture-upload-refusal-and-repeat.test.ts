/**
 * "Upload a picture of your own" on a page's editor, as a stranger meets it. (1) A file named .png that
 * is not a picture (an HTML page renamed) passes the screen's own check and the server refuses it: the
 * server's reason must be at the Picture field (marked invalid, focus there), as a refused page save's
 * reason is at its field, not only in the note under the button. (2) The same photo uploaded again with
 * a better description: the server keeps the new description, so the form's "What the picture shows"
 * must show it too (it kept the old one, which the next save of the page would send back).
 * Real Chromium against the real server and build (npm run build first).
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { PHONE, staffContext, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
const files = mkdtempSync(join(tmpdir(), 'page-picture-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

async function uploadForm(path: string) {
  const { context } = await staffContext(suite, PHONE)
  const page = await context.newPage()
  await page.goto(`${suite.server.url}${path}`)
  const upload = page.locator('form', { has: page.getByRole('button', { name: 'Upload the picture' }) })
  await upload.getByLabel('Picture', { exact: true }).waitFor()
  return { context, page, upload }
}

test('a file the server refuses as a picture is marked at the Picture field, with the server’s reason', async () => {
  const fake = join(files, 'terrace.png')
  writeFileSync(fake, '<html><body>not a picture</body></html>')
  const { context, page, upload } = await uploadForm('/managePages?page=eat')
  const picture = upload.getByLabel('Picture', { exact: true })
  await picture.setInputFiles(fake)
  await upload.getByLabel('What the picture shows').fill('Breakfast on the terrace')
  await upload.getByRole('button', { name: 'Upload the picture' }).click()
  await page.locator('form [aria-invalid="true"]').first().waitFor()

  expect(await picture.getAttribute('aria-invalid')).toBe('true')
  const describedBy = (await picture.getAttribute('aria-describedby')) ?? ''
  const described = await page.evaluate(
    (ids) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  )
  expect(described).toContain('must be JPEG, PNG, WEBP')
  expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file')
  await context.close()
})

test('the same photo uploaded again with a new description shows the new description in the form', async () => {
  const photo = join(files, 'bar.png')
  writeFileSync(
    photo,
    await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 120, g: 60, b: 30 } } })
      .png()
      .toBuffer(),
  )
  const { context, page, upload } = await uploadForm('/managePages?page=drink')
  const send = async (description: string) => {
    await upload.getByLabel('Picture', { exact: true }).setInputFiles(photo)
    await upload.getByLabel('What the picture shows').fill(description)
    await upload.getByRole('button', { name: 'Upload the picture' }).click()
    await page.getByText('The Drink page’s picture is saved.').or(page.getByText("The Drink page's picture is saved.")).waitFor()
    await page.waitForTimeout(300)
  }
  const heroDescription = page.locator('form').first().getByLabel('What the picture shows')

  await send('The bar by the fire')
  expect(await heroDescription.inputValue()).toBe('The bar by the fire')
  await send('The Stables bar by the log fire, in the evening')
  const stored = (await (await suite.server.api('/api/pages/drink')).json()) as { pictureDescription: string }
  expect(stored.pictureDescription).toBe('The Stables bar by the log fire, in the evening')
  expect(await heroDescription.inputValue()).toBe('The Stables bar by the log fire, in the evening')
  await context.close()
})
