/**
 * Each public page's hero downloads one picture, no wider than it is drawn (build first: npm run build):
 * in real Chromium at 390×844 with a phone's pixel density (1.75, Lighthouse's Moto G Power) and at
 * 1440×900 (density 1), the candidate picked (currentSrc) is the narrowest of its list that is sharp at
 * the width it is drawn (object-fit: cover: the box, or wider), what is drawn is mostly on screen (an
 * upright phone gets the photo's middle cut, not the whole 16:10 photo), and the page fetched that one
 * hero picture only (the <head> hint and the <picture> agree).
 */
import { expect, test } from 'bun:test'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const ROUTES = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact']
const SCREENS = [
  { viewport: PHONE, deviceScaleFactor: 1.75 },
  { viewport: DESKTOP, deviceScaleFactor: 1 },
]

const suite = useServerAndBrowser()

test('every hero picks the narrowest candidate sharp enough for how wide it is drawn, and only that one', async () => {
  const { server, browser } = suite
  for (const { viewport, deviceScaleFactor } of SCREENS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor, serviceWorkers: 'block' })
    const page = await context.newPage()
    for (const path of ROUTES) {
      const label = `${path} at ${viewport.width}px`
      await page.goto(`${server.url}${path}`)
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.hero__image')
        return Boolean(img?.complete && img.naturalWidth > 0)
      })
      const hero = await page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('.hero__image')!
        const box = img.getBoundingClientRect()
        const chosen = new URL(img.currentSrc).pathname
        const source = [...(img.parentElement?.querySelectorAll('source') ?? [])].find((s) => s.srcset.split(',').some((c) => c.trim().startsWith(chosen)))
        const candidates = (source?.srcset ?? '').split(',').map((candidate) => Number(/\s(\d+)w$/.exec(candidate.trim())?.[1]))
        const fetched = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.startsWith('/images/hero-'))
        return { chosen, candidates, fetched, boxWidth: box.width, boxHeight: box.height, aspect: img.naturalWidth / img.naturalHeight }
      })
      const chosenWidth = Number(/-(\d+)\.(avif|webp)$/.exec(hero.chosen)?.[1])
      // object-fit: cover: as wide as the box, or wider when the box is taller than the picture.
      const drawnWidth = Math.max(hero.boxWidth, hero.boxHeight * hero.aspect)
      const needed = drawnWidth * deviceScaleFactor
      expect(hero.candidates, `${label}: ${hero.chosen} from its list`).toContain(chosenWidth)
      const narrowerButSharp = hero.candidates.filter((width) => width >= needed && width < chosenWidth)
      expect(narrowerButSharp, `${label}: ${hero.chosen} drawn ${Math.round(drawnWidth)} px wide at ×${deviceScaleFactor}`).toEqual([])
      // What is fetched mostly shows: the picture is drawn at most a quarter wider than its box.
      expect(
        drawnWidth / hero.boxWidth,
        `${label}: ${hero.chosen} drawn ${Math.round(drawnWidth)} px in a ${Math.round(hero.boxWidth)} px box`,
      ).toBeLessThanOrEqual(1.25)
      expect(hero.fetched, `${label}: the hero pictures fetched`).toEqual([hero.chosen])
    }
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }
}, 180_000)
