/**
 * Shared pieces of the accessibility browser suites (a11y-*.test.ts): the public paths, a fresh
 * context per visit, and measurements taken the way a person meets the page (what the focused
 * element looks like, what covers it, the pixels behind text).
 */
import { afterAll, afterEach } from 'bun:test'
import { mkdirSync } from 'node:fs'
import sharp from 'sharp'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { contextPool } from './context-pool'
import type { ServerAndBrowser } from './harness'

export const SHOTS = '/tmp/shots/a11y'
mkdirSync(SHOTS, { recursive: true })

/** Every public page a visitor can open (the login form and an unknown path included). */
export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/eat',
  '/drink',
  '/stay',
  '/events',
  '/around',
  '/contact',
  '/menu/menu1',
  '/menu/menu2',
  '/login',
  '/no-such-page',
] as const

/** 400 % zoom of a 1280×800 window: the page is laid out in 320×200 CSS pixels. */
/** How long a page may take to settle in the busiest part of \`npm test\`. */
const SETTLE_MS = 30_000

export const ZOOM_400 = { width: 320, height: 200 }
export const LANDSCAPE_PHONE = { width: 844, height: 390 }

/**
 * Visitor pages for one suite: each in a context of its own, kept for the file's later tests with the
 * same options when the test left it unchanged, its storage cleared between them (context-pool.ts).
 */
export function contextsOf(suite: ServerAndBrowser) {
  const pool = contextPool(() => suite.server.url)
  afterEach(() => pool.giveBack())
  afterAll(() => pool.closeAll())
  return async function visit(options: BrowserContextOptions & { agreed?: boolean } = {}): Promise<Page> {
    return pool.take(JSON.stringify(options), async () => {
      const { agreed, ...contextOptions } = options
      const browser: Browser = suite.browser
      const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true, reducedMotion: 'reduce', ...contextOptions })
      if (agreed)
        await context.addInitScript(() => {
          try {
            localStorage.setItem('cookiesAgreed', 'true')
          } catch {
            // frames without storage
          }
        })
      return { context, page: await context.newPage() }
    })
  }
}

/**
 * The splash has gone and the page's data has arrived (nothing busy, no loading text). A wait, not a
 * measure (the splash's own timing is tested apart): under \`npm test\` two suites open four pages each
 * on two cores, and a load there takes 10–30 s, so 8 and 10 s limits failed pages that were only slow.
 */
export async function settled(page: Page): Promise<void> {
  try {
    await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: SETTLE_MS })
    // The app has the page (startApp.tsx): before it, a link is followed by a full load, not by the app.
    await page.waitForSelector('#root[data-app-drawn]', { state: 'attached', timeout: SETTLE_MS })
    await page.waitForFunction(
      () =>
        document.querySelector('main h1') &&
        !document.querySelector('[aria-busy="true"]') &&
        !/Loading/.test(document.querySelector('main')?.textContent ?? ''),
      undefined,
      { timeout: SETTLE_MS, polling: 100 },
    )
  } catch (error) {
    throw new Error(`${(error as Error).message.split('\n')[0]}\n  the page then: ${await pageState(page)}`)
  }
  // Measure in the web fonts, not the fallback they replace: widths differ by several pixels.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/**
 * What a page that did not settle was showing, for the failure message: whether its main thread
 * still answers and still gets animation frames, the splash, the heading, anything busy.
 */
export async function pageState(page: Page): Promise<string> {
  const within = <T>(ms: number, work: Promise<T>, otherwise: string) =>
    Promise.race([
      work.catch((error: Error) => `failed: ${error.message.split('\n')[0]}`),
      new Promise<string>((done) => setTimeout(() => done(otherwise), ms)),
    ])
  const state = await within(
    3000,
    page.evaluate(() => {
      const busy = [...document.querySelectorAll('[aria-busy="true"]')].map((element) => element.outerHTML.slice(0, 120))
      const main = document.querySelector('main')?.textContent?.replace(/\s+/g, ' ').trim().slice(0, 160)
      return JSON.stringify({
        url: location.pathname,
        readyState: document.readyState,
        since: Math.round(performance.now()),
        splash: document.querySelector('[data-testid="splash"]')?.className ?? null,
        h1: document.querySelector('main h1')?.textContent ?? null,
        busy,
        main,
      })
    }),
    'the main thread did not answer in 3 s',
  )
  const frame = await within(
    3000,
    page.evaluate(() => new Promise<string>((done) => requestAnimationFrame(() => done('frames run')))),
    'no animation frame in 3 s',
  )
  return `${state}; ${frame}`
}

/** Follows the link or presses the button at `selector` from the keyboard: focus, then Enter. */
export async function keyboardTo(page: Page, selector: string): Promise<void> {
  await page.locator(selector).focus()
  await page.keyboard.press('Enter')
}

export interface FocusStop {
  /** A short description of the focused element, for failure messages. */
  name: string
  /** Whether a focus indicator is drawn (outline of 2 px or more, or box-shadow). */
  indicator: boolean
  /** Whether the focused look differs from the same element unfocused (only with `compareUnfocused`). */
  differs: boolean
  /** The share of the element's box (within the viewport) hidden behind a fixed or sticky part. */
  covered: number
  /** Whether the element lies inside the viewport at all. */
  inView: boolean
  /** Focus has been here before: the Tab order has come round. */
  again: boolean
}

/** Fixed parts of the public pages that may be drawn over what has focus. */
const PUBLIC_COVERS = '.site-header, .cookie-notice'

/**
 * The focused element as the visitor sees it, read in one visit to the page: after the frame the focus
 * change is drawn in (a focus handler may scroll or redraw in a frame callback), with transitions
 * switched off for the page so the focused and (with `compareUnfocused`) the unfocused look are read at
 * once as they end up, rather than a frame or two apart each. `covers`: the fixed or sticky parts that
 * may hide it, sampled on a 5×5 grid (what lies above them, such as the skip link, is not hidden).
 */
export function focusStop(page: Page, { compareUnfocused = false, covers = PUBLIC_COVERS } = {}): Promise<FocusStop | null> {
  return page.evaluate(
    async ({ compareUnfocused, covers }) => {
      if (!document.getElementById('a11y-no-transitions')) {
        const style = document.createElement('style')
        style.id = 'a11y-no-transitions'
        style.textContent = '*, *::before, *::after { transition: none !important; }'
        document.head.append(style)
      }
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return null
      const again = element.hasAttribute('data-a11y-seen')
      element.setAttribute('data-a11y-seen', '')
      const look = () => {
        const style = getComputedStyle(element)
        const outline =
          style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'none'
        return `${outline} | ${style.boxShadow}`
      }
      const style = getComputedStyle(element)
      const indicator = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none'
      let differs = true
      // Not again on a stop seen before: focus() given back to a date field lands on its first part, and the walk would go round in it.
      if (compareUnfocused && !again) {
        const focused = look()
        element.blur()
        const unfocused = look()
        element.focus({ preventScroll: true, focusVisible: true } as FocusOptions)
        differs = focused !== unfocused
      }
      const box = element.getBoundingClientRect()
      const left = Math.max(box.left, 0)
      const right = Math.min(box.right, innerWidth)
      const top = Math.max(box.top, 0)
      const bottom = Math.min(box.bottom, innerHeight)
      const inView = right > left && bottom > top
      let hidden = 0
      if (inView)
        for (let i = 0; i < 5; i++)
          for (let j = 0; j < 5; j++) {
            const hit = document.elementFromPoint(left + ((i + 0.5) * (right - left)) / 5, top + ((j + 0.5) * (bottom - top)) / 5)
            if (!hit || element.contains(hit) || hit.contains(element)) continue
            const cover = hit.closest(covers)
            if (cover && !cover.contains(element) && ['fixed', 'sticky'].includes(getComputedStyle(cover).position)) hidden++
          }
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(box.top)}px (scrolled ${Math.round(scrollY)})`
      return { name, indicator, differs, covered: hidden / 25, inView, again }
    },
    { compareUnfocused, covers },
  )
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly number[]): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!)
}

export function contrast(a: readonly number[], b: readonly number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Parses a computed `rgb(…)`/`rgba(…)` colour. */
export function rgbOf(css: string): number[] {
  return (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
}

/**
 * The worst contrast between a text's colour and what is behind it (a photo, a see-through header over
 * the page): the text of `hide` (and its shadow) is made transparent, the text's box is captured, and
 * the 99th-percentile worst pixel counts (a stray pixel or two of sky does not decide, a bright band does).
 */
export async function textContrastBehind(
  page: Page,
  selector: string,
  shot: string,
  hide = '.hero__content *',
  where: 'top' | 'middle' = 'top',
): Promise<{ ratio: number; needed: number; colour: string } | null> {
  const info = await page.evaluate(
    async ({ selector, where }) => {
      // After the frame that ends any (reduced-motion, near-instant) colour transition from the last measurement.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const element = document.querySelector<HTMLElement>(selector)
      if (!element) return null
      const style = getComputedStyle(element)
      const size = parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const colour = style.color
      // Measured where the visitor first sees it (a hero: the top of the page), or scrolled to the middle of the screen.
      if (where === 'top') scrollTo(0, 0)
      else element.scrollIntoView({ block: 'center' })
      const box = element.getBoundingClientRect()
      return { colour, large, box: { x: box.x, y: box.y, width: box.width, height: box.height } }
    },
    { selector, where },
  )
  if (!info) return null
  await page.evaluate((hide) => {
    const style = document.getElementById('hide-text') ?? document.head.appendChild(Object.assign(document.createElement('style'), { id: 'hide-text' }))
    style.textContent = `${hide} { color: transparent !important; text-shadow: none !important; transition: none !important; }`
  }, hide)
  // Not fullPage: that stretches the viewport to the page's height, and the heroes are sized in vh.
  const png = await page.screenshot({ clip: info.box, path: `${SHOTS}/behind-${shot}.png` })
  await page.evaluate(() => document.getElementById('hide-text')?.remove())
  const { data, info: raw } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const text = rgbOf(info.colour)
  const ratios: number[] = []
  for (let i = 0; i < raw.width * raw.height; i++) ratios.push(contrast(text, [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!]))
  ratios.sort((a, b) => a - b)
  return { ratio: ratios[Math.floor(ratios.length * 0.01)]!, needed: info.large ? 3 : 4.5, colour: info.colour }
}
