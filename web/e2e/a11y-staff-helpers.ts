/**
 * Shared pieces of the staff accessibility suites (a11y-staff*.test.ts): one logged-in context per
 * viewport (the demo admin's session kept in storage, not a login per screen), demo content a member
 * of staff would meet (a message in the inbox), Tab-through with a focus indicator that must differ
 * from the unfocused look, axe, and the names the browser's accessibility tree gives landmarks, links
 * and buttons.
 */
import { afterAll, afterEach } from 'bun:test'
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import { STAFF_PATHS } from '../../api/src/shared/rules/staff-routes'
import type { ServerAndBrowser } from './harness'
import { focusStop, settled } from './a11y-helpers'
import { acrossTabs } from './parallel-pages'
import { contextPool } from './context-pool'

const require = createRequire(import.meta.url)

/** Every staff screen (the dashboard first). */
export const STAFF_SCREENS: readonly string[] = STAFF_PATHS

/** Fixed or sticky parts that may be drawn over the page while staff work. */
const COVERS = '.site-header, .cookie-notice, .offline-banner, .update-prompt, .admin-modal__actions'

/**
 * A page per viewport in a context holding the demo admin's session (logged in once through the API,
 * as the login form does, and kept in localStorage), cookies agreed, third parties unreachable. The
 * contexts close after the file's last test. `fresh` gives a page in a context of its own, set up the
 * same way (for checks that share a list of screens among pages side by side), kept for the file's later
 * tests when the test left it unchanged (context-pool.ts; its storage, the session, is kept).
 */
export function staffPagesOf(suite: ServerAndBrowser) {
  const contexts = new Map<string, BrowserContext>()
  const pool = contextPool(() => suite.server.url, { keepStorage: true })
  // One message, however many pages open at once: a flag set after the send let pages opened side by
  // side each send one, and the inbox then held the same visitor's message three times.
  let seeded: Promise<void> | undefined
  afterEach(() => pool.giveBack())
  afterAll(async () => {
    await pool.closeAll()
    for (const context of contexts.values()) await context.close().catch(() => undefined)
  })
  const signedIn = async (viewport: { width: number; height: number }) => {
    const { server, browser } = suite
    const token = await server.token()
    seeded ??= sendDemoMessage(suite)
    await seeded
    const context = await browser.newContext({
      viewport,
      serviceWorkers: 'block',
      bypassCSP: true,
      reducedMotion: 'reduce',
      storageState: {
        cookies: [],
        origins: [
          {
            origin: server.url,
            localStorage: [
              { name: 'cookiesAgreed', value: 'true' },
              { name: 'adminToken', value: token },
            ],
          },
        ],
      },
    })
    const page = await context.newPage()
    page.on('dialog', (dialog) => void dialog.accept())
    return { context, page }
  }
  return async function staffPage(viewport: { width: number; height: number }, fresh = false): Promise<Page> {
    const key = `${viewport.width}x${viewport.height}`
    if (fresh) return pool.take(key, () => signedIn(viewport))
    const open = contexts.get(key)
    if (open) return open.pages()[0] ?? open.newPage()
    const { context, page } = await signedIn(viewport)
    contexts.set(key, context)
    return page
  }
}

/** Demo content has no messages: one arrives as a visitor would send it. */
async function sendDemoMessage(suite: ServerAndBrowser): Promise<void> {
  const sent = await suite.server.api('/api/email/send-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Walker', email: 'ada@example.com', phone: '01234 567890', message: 'Do you have a room for two on Friday?' }),
  })
  if (!sent.ok) throw new Error(`could not send a demo message: ${sent.status}`)
}

/**
 * `check` on every staff screen, each opened afresh with its data in, on a few logged-in pages side by
 * side (`staffPage(viewport, true)`); the findings come back in the order of the screens.
 */
export function eachStaffScreen(
  suite: ServerAndBrowser,
  staffPage: ReturnType<typeof staffPagesOf>,
  viewport: { width: number; height: number },
  check: (page: Page, path: string) => Promise<string[]>,
): Promise<string[]> {
  return acrossTabs(
    () => staffPage(viewport, true),
    STAFF_SCREENS,
    async (page, path) => {
      await openScreen(page, `${suite.server.url}${path}`)
      return check(page, path)
    },
  )
}

/** Opens a staff screen with a full load and waits until its data is in. */
export async function openScreen(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await settled(page)
}

/** Tabs from where focus is until it comes back round; every stop must show focus and be in plain view. */
export async function tabThrough(page: Page, label: string, limit = 150): Promise<string[]> {
  const problems: string[] = []
  let stops = 0
  let previous = ''
  // Each walk on its own: a stop seen by an earlier walk of the same page is no round trip of this one.
  await page.evaluate(() => {
    for (const seen of document.querySelectorAll('[data-a11y-seen]')) seen.removeAttribute('data-a11y-seen')
  })
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    const stop = await focusStop(page, { compareUnfocused: true, covers: COVERS })
    if (!stop) {
      if (presses > 0) break
      continue
    }
    // A date and time field takes a Tab per part (day, month, year, hour, minute): the same stop.
    if (stop.again && stop.name === previous) continue
    if (stop.again) break
    previous = stop.name
    stops++
    const hidden = stop.covered
    if (!stop.indicator || !stop.differs) problems.push(`${label} ${stop.name}: no visible focus indicator${stop.indicator ? ' (same as unfocused)' : ''}`)
    if (!stop.inView) problems.push(`${label} ${stop.name}: focused but outside the view`)
    if (hidden > 0.05) problems.push(`${label} ${stop.name}: ${Math.round(hidden * 100)} % hidden behind a fixed or sticky element`)
  }
  // A screen with the skip link, the navbar and its own controls: fewer stops means Tab went nowhere.
  if (stops < 3) problems.push(`${label}: only ${stops} focus stops`)
  if (process.env.A11Y_DEBUG) console.log(label, stops, 'stops')
  return problems
}

/** axe-core with every WCAG 2.0/2.1/2.2 A and AA rule and best practice; one line per violation. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] },
      iframes: false,
    })
    return result.violations.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  })
  return violations.map((violation) => `${label}: ${violation}`)
}

interface AxNode {
  ignored: boolean
  role?: { value: string }
  name?: { value: string }
  backendDOMNodeId?: number
}

interface DomNode {
  backendNodeId: number
  nodeName: string
  attributes?: string[]
  children?: DomNode[]
  baseURL?: string
}

/**
 * The page's own elements (not the browser's parts in shadow roots, such as a date field's picker
 * button, nor a frame's), each with where it links to ('' when nowhere), from one read of the DOM:
 * asking the page about each node took two round trips per link and button.
 */
function pageOwnNodes(root: DomNode): Map<number, string> {
  const own = new Map<number, string>()
  const base = root.baseURL ?? ''
  const walk = (node: DomNode) => {
    let href = ''
    if (node.nodeName === 'A' || node.nodeName === 'AREA') {
      const attributes = node.attributes ?? []
      const at = attributes.findIndex((value, index) => index % 2 === 0 && value === 'href')
      if (at !== -1) href = URL.canParse(attributes[at + 1]!, base) ? new URL(attributes[at + 1]!, base).href : attributes[at + 1]!
    }
    own.set(node.backendNodeId, href)
    // Only children: shadow roots and frame documents are not the page's own tree.
    for (const child of node.children ?? []) walk(child)
  }
  walk(root)
  return own
}

/** A picture or record named by its database number ("Delete image 27 from Home") rather than by what it shows. */
const NUMBERED = /\b(image|picture|photo|event|attraction|menu|message|item) #?\d+\b/i

const LANDMARKS = new Set(['banner', 'navigation', 'main', 'contentinfo', 'region', 'complementary', 'form', 'search'])

/**
 * What a screen-reader user's lists of landmarks, links and buttons would show twice: two landmarks
 * with the same name, two links with the same name going to different places, two buttons with the
 * same name (each acts on its own thing), a picture named by its number. Names and roles come from Chromium's accessibility tree.
 */
export async function ambiguousNames(page: Page, label: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] }
    const ownNodes = pageOwnNodes(((await cdp.send('DOM.getDocument', { depth: -1 })) as { root: DomNode }).root)
    const landmarks = new Map<string, string[]>()
    const links = new Map<string, Set<string>>()
    const buttons = new Map<string, number>()
    const problems: string[] = []
    for (const node of nodes) {
      const role = node.role?.value ?? ''
      const name = (node.name?.value ?? '').trim()
      if (node.ignored || !name) continue
      if (LANDMARKS.has(role)) landmarks.set(name, [...(landmarks.get(name) ?? []), role])
      if ((role !== 'button' && role !== 'link') || !node.backendDOMNodeId) continue
      const href = ownNodes.get(node.backendDOMNodeId)
      if (href === undefined) continue
      if (NUMBERED.test(name)) problems.push(`${label}: ${role} "${name}" names its thing by a number`)
      if (role === 'button') buttons.set(name, (buttons.get(name) ?? 0) + 1)
      else links.set(name, (links.get(name) ?? new Set()).add(href))
    }
    for (const [name, roles] of landmarks) if (roles.length > 1) problems.push(`${label}: ${roles.length} landmarks named "${name}" (${roles.join(', ')})`)
    for (const [name, hrefs] of links) if (hrefs.size > 1) problems.push(`${label}: ${hrefs.size} links named "${name}" go to different places`)
    for (const [name, count] of buttons) if (count > 1) problems.push(`${label}: ${count} buttons named "${name}"`)
    return problems
  } finally {
    await cdp.detach().catch(() => undefined)
  }
}
