/**
 * A served gallery's pictures that fail end as the designed "Image Not Available" placeholder also when
 * the app's code never comes (a weak signal: its request hangs). The page's own script shows the
 * pictures that load (features/galleries/picturesBeforeTheApp.ts, `is-loaded`) but does nothing for one
 * that fails: in Chromium, 10 s after /eat was served with its pictures refused and the app's chunk
 * unanswered, every tile was a blank, failed <img> (opacity 0, naturalWidth 0) and no placeholder was
 * on the page; only the app, once it starts, puts the placeholders in. Now the page's script marks a
 * failed one and its tile draws the placeholder's words, under the placeholder's name.
 */
import { expect, test } from 'bun:test'
import { visitorBeforeTheApp } from './before-the-app'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

for (const viewport of [PHONE, DESKTOP])
  test(`/eat at ${viewport.width} px, its gallery pictures refused and the app's code never answering: the tiles end as "Image Not Available"`, async () => {
    const context = await visitorBeforeTheApp(suite, viewport)
    try {
      await context.route(/\/assets\/app-[^/]+\.js$/, () => {
        // Never answered.
      })
      await context.route(/\/files\/[a-f0-9]+[^/]*\.(?:jpe?g|png|webp|avif)$/, (route) => route.abort('internetdisconnected'))
      const page = await context.newPage()
      await page.goto(`${suite.server.url}/eat`, { waitUntil: 'load' })
      await page.locator('.gallery').first().scrollIntoViewIfNeeded()
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.gallery img')].every((img) => img.complete))
      // The app never comes: the page's own script is all there is. Once it has seen every picture fail,
      // nothing else will change (a bound rather than a sleep: the assertions below say what is missing).
      await page
        .waitForFunction(() => [...document.querySelectorAll('.gallery__tile img')].every((img) => img.classList.contains('is-failed')), null, {
          timeout: 10_000,
        })
        .catch(() => {})
      const tiles = await page.locator('.gallery__tile').count()
      expect(tiles).toBeGreaterThan(0)
      // A failed picture stays an <img> until the app starts (React hydrates it as served); blank is one
      // whose tile does not draw the placeholder's words over it.
      const blank = await page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('.gallery__tile img')].filter(
            (img) =>
              img.complete && img.naturalWidth === 0 && !getComputedStyle(img.closest('.gallery__tile')!, '::after').content.includes('Image Not Available'),
          ).length,
      )
      const placeholders = await page
        .locator('.gallery')
        .getByRole('img', { name: /Image Not Available/ })
        .count()
      // Before: { blank: 5, placeholders: 0 }.
      expect({ blank, placeholders }).toEqual({ blank: 0, placeholders: tiles })
    } finally {
      await context.close()
    }
  }, 60_000)
