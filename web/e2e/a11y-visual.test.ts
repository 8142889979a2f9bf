/**
 * What axe cannot see, measured in the browser (build first): contrast of hero text against the photo
 * pixels behind it, the gallery's Pause control, the navbar in forced colours, image alternatives
 * (axe itself on every public page: public-pages-axe-focus-reflow.test.ts).
 */
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, contrast, settled, SHOTS, textContrastBehind } from './a11y-helpers'
import { acrossTabs } from './parallel-pages'
import { twoFrames } from './settling'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
const HERO_PATHS = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact']

/** What one load of a hero page shows: its hero text below the contrast needed, and (at 1440 px) its image alternatives' problems. */
interface HeroReading {
  contrast: string[]
  alternatives: string[]
}

/** Image alternatives that say nothing a sighted visitor would not see otherwise: a caption invented, a card's heading repeated. */
async function alternativesOf(page: Page, path: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = []
    for (const img of document.querySelectorAll('img')) if (/caption/i.test(img.alt)) out.push(`alt mentions a caption: ${img.alt}`)
    for (const card of document.querySelectorAll('.event-card, .place-card')) {
      const heading = card.querySelector('h2, h3, h4')?.textContent?.trim()
      const alt = card.querySelector('img')?.getAttribute('alt')?.trim()
      if (heading && alt === heading) out.push(`picture repeats its heading: ${alt}`)
    }
    return out
  })
  return found.map((problem) => `${path}: ${problem}`)
}

/** Every hero page loaded once at `viewport`, side by side: the alternatives read as loaded (at 1440 px), then the hero text's contrast. */
async function heroWalk(viewport: { width: number; height: number }): Promise<HeroReading[]> {
  return acrossTabs(
    () => visit({ viewport, agreed: true }),
    HERO_PATHS,
    async (page, path) => {
      const reading: HeroReading = { contrast: [], alternatives: [] }
      await page.goto(`${suite.server.url}${path}`)
      await settled(page)
      if (viewport === DESKTOP) reading.alternatives = await alternativesOf(page, path)
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.hero__image')
        return img?.complete && img.naturalWidth > 0
      })
      for (const selector of ['.hero__eyebrow', '.hero__title', '.hero__intro']) {
        const result = await textContrastBehind(page, selector, `${viewport.width}${path.replaceAll('/', '-')}${selector.replace('.hero__', '-')}`)
        if (result && result.ratio < result.needed)
          reading.contrast.push(`${path} ${selector}: ${result.ratio.toFixed(2)}:1 (needs ${result.needed}:1) for ${result.colour}`)
      }
      return [reading]
    },
  )
}

/** Each viewport's walk, made once for the tests that read it (the 1440 px one serves the contrast and the alternatives). */
const heroWalks = new Map<number, Promise<HeroReading[]>>()
const heroReadings = (viewport: { width: number; height: number }) => {
  if (!heroWalks.has(viewport.width)) heroWalks.set(viewport.width, heroWalk(viewport))
  return heroWalks.get(viewport.width)!
}

describe('hero text contrast, measured from pixels', () => {
  for (const viewport of [PHONE, DESKTOP])
    test(`every public hero at ${viewport.width} px`, async () => {
      expect((await heroReadings(viewport)).flatMap((reading) => reading.contrast)).toEqual([])
    }, 120_000)
})

describe('home tile text contrast, measured from pixels', () => {
  for (const viewport of [PHONE, DESKTOP, { width: 320, height: 256 }])
    test(`every tile's title and text over its photo at ${viewport.width}×${viewport.height}, the tile in the middle of the screen`, async () => {
      const page = await visit({ viewport, agreed: true })
      await page.goto(`${suite.server.url}/`)
      await settled(page)
      const failures: string[] = []
      const tiles = await page.locator('.tiles__item').count()
      expect(tiles).toBe(3)
      for (let index = 1; index <= tiles; index++) {
        const tile = `.tiles__item:nth-child(${index})`
        await page.locator(`${tile} .tile__image`).scrollIntoViewIfNeeded()
        await page.waitForFunction((image) => {
          const img = document.querySelector<HTMLImageElement>(image)
          return img?.complete && img.naturalWidth > 0
        }, `${tile} .tile__image`)
        for (const part of ['.tile__title', '.tile__text', '.tile__more']) {
          const shot = `tile-${viewport.width}x${viewport.height}-${index}${part.replace('.tile__', '-')}`
          const result = await textContrastBehind(page, `${tile} ${part}`, shot, `${tile} .tile__body *`, 'middle')
          if (result && result.ratio < result.needed)
            failures.push(`tile ${index} ${part}: ${result.ratio.toFixed(2)}:1 (needs ${result.needed}:1) for ${result.colour}`)
        }
      }
      expect(failures).toEqual([])
    }, 60_000)
})

describe('home gallery', () => {
  test('a visible Pause button stops the 5 s swap and Play starts it again', async () => {
    // Motion allowed: under reduced motion the gallery never swaps.
    const page = await visit({ viewport: DESKTOP, agreed: true, reducedMotion: 'no-preference' })
    // The page's timers run on a clock the test can move on: its time flows as usual until then.
    await page.clock.install()
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    const gallery = page.locator('.gallery').first()
    await gallery.scrollIntoViewIfNeeded()
    const pause = gallery.getByRole('button', { name: 'Pause slideshow' })
    expect(await pause.isVisible()).toBe(true)
    expect(await pause.getAttribute('aria-pressed')).toBeNull()
    // Keep the mouse away so hover does not pause it.
    await page.mouse.move(0, 0)
    const ids = () => gallery.locator('.gallery__tile').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-image-id')).join())
    await pause.click()
    await page.mouse.move(0, 0)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    const before = await ids()
    // Longer than one swap, every timer due in it fired at once: nothing may change while paused (two
    // frames on, what a fired timer changed has been rendered).
    await page.clock.runFor(6500)
    await twoFrames(page)
    expect(await ids()).toBe(before)
    const play = gallery.getByRole('button', { name: 'Play slideshow' })
    await play.click()
    await page.mouse.move(0, 0)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.waitForFunction(
      (before) => {
        const now = Array.from(document.querySelectorAll('.gallery .gallery__tile'))
          .map((tile) => tile.getAttribute('data-image-id'))
          .join()
        return now !== before
      },
      before,
      { timeout: 12_000 },
    )
  }, 60_000)
})

describe('navbar in forced colours', () => {
  test('the hamburger bars and the close × are drawn in system colours', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    await page.emulateMedia({ forcedColors: 'active' })
    await page.goto(`${suite.server.url}/about`)
    await settled(page)
    const toggle = page.locator('.navbar__toggle')
    /** The share of pixels inside the button (its border left out) that stand out (3:1) from the background there. */
    const inked = async (name: string) => {
      const box = (await toggle.boundingBox())!
      const clip = { x: box.x + 8, y: box.y + 8, width: box.width - 16, height: box.height - 16 }
      const png = await page.screenshot({ clip, path: `${SHOTS}/forced-colours-${name}.png` })
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const at = (i: number) => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!]
      const background = at(info.width + 1)
      let count = 0
      for (let i = 0; i < info.width * info.height; i++) if (contrast(background, at(i)) >= 3) count++
      return count / (info.width * info.height)
    }
    const closed = await inked('closed')
    await toggle.click()
    await page.locator('.navbar__links.is-open').waitFor()
    await page.locator('.site-header').screenshot({ path: `${SHOTS}/forced-colours-navbar-open.png` })
    const open = await inked('open')
    // Three 22×2 bars (or two crossed) in the 30×30 middle of the button: well over 5 % of it.
    expect({ closed: closed > 0.05, open: open > 0.05 }).toEqual({ closed: true, open: true })
  }, 60_000)

  for (const viewport of [PHONE, DESKTOP])
    test(`the current page stays marked in the navigation at ${viewport.width} px, not by colour alone`, async () => {
      const page = await visit({ viewport, agreed: true })
      await page.emulateMedia({ forcedColors: 'active' })
      await page.goto(`${suite.server.url}/events`)
      await settled(page)
      if (viewport === PHONE) {
        await page.locator('.navbar__toggle').click()
        await page.locator('.navbar__links.is-open').waitFor()
      }
      // What forced colours keep of a link's look: its line, its borders, its outline, its weight (not colours or shadows).
      const looks = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.navbar__link'), (link) => {
          const style = getComputedStyle(link)
          const look = [style.textDecorationLine, style.borderBottomStyle, style.borderBottomWidth, style.outlineStyle, style.fontWeight].join(' ')
          return { current: link.getAttribute('aria-current') === 'page', look }
        }),
      )
      const current = looks.filter((link) => link.current)
      expect(current).toHaveLength(1)
      expect(looks.filter((link) => !link.current && link.look === current[0]!.look)).toEqual([])
    }, 60_000)
})

describe('image alternatives', () => {
  test('no hero alt invents a caption; event and attraction pictures do not repeat their heading', async () => {
    // Read on the loads of the 1440 px hero contrast walk, before anything is measured on them.
    const readings = await heroReadings(DESKTOP)
    expect(readings).toHaveLength(HERO_PATHS.length)
    expect(readings.flatMap((reading) => reading.alternatives)).toEqual([])
  }, 120_000)
})
