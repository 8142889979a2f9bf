/**
 * Every picture ends as itself or as the designed "Image Not Available" placeholder, never as the
 * browser's broken-image icon, whatever the order of its failure and the scripts' start (build first:
 * npm run build). The pictures of the server's HTML start loading as it is parsed; on a weak signal a
 * failed one can fail before the scripts run, when nothing listens for its error.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { contextsOf, settled } from './a11y-helpers'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

/** The pictures in the page's main part that the browser shows as broken: failed, and still there. */
function brokenPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('main img')]
      .filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))
      .map((img) => img.currentSrc || img.src),
  )
}

for (const viewport of [PHONE, DESKTOP])
  test(`uploaded pictures refused before the scripts run end as "Image Not Available" on /events and / at ${viewport.width} px`, async () => {
    const page = await visit({ viewport, agreed: true })
    // Every uploaded picture fails at once, before any script has run: the server's HTML is not held back.
    await page.route(/\/files\/[a-f0-9]+[^/]*\.(?:jpe?g|png|webp|avif)$/, (route) => route.abort('internetdisconnected'))
    for (const path of ['/events', '/']) {
      await page.goto(`${suite.server.url}${path}`)
      await settled(page)
      // Down the page a screen at a time, so that every lazy picture is asked for, and fails.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
          scrollTo(0, y)
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        }
      })
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('main img')].every((img) => img.complete || img.loading === 'lazy'))
      expect({ path, broken: await brokenPictures(page) }).toEqual({ path, broken: [] })
      expect({ path, placeholders: (await page.getByRole('img', { name: /Image Not Available/ }).count()) > 0 }).toEqual({ path, placeholders: true })
    }
  }, 90_000)
