/**
 * A visitor who presses Send on the served /contact page is told in words what became of the press,
 * also when the app's code cannot come: its request fails (the line drops) or never answers (a weak
 * signal). The press is held for the app (shell/appOnDemand.ts) and the words stay in the fields, as
 * README promises; but in Chromium the page then says nothing at all — no "Sending…", no reason, no
 * advice — for as long as the code is missing (12 s and more), so the visitor cannot tell a sent
 * message from a lost one. Expected: some words in a live region (the form's status or another) that
 * say the message is not sent yet.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { visitorBeforeTheApp, writeContactMessage } from './before-the-app'
import { useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

const visitorContext = () => visitorBeforeTheApp(suite)

/** The words the page says in its live regions (the form's status among them). */
function liveWords(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')]
      .map((region) => (region as HTMLElement).innerText.trim())
      .filter(Boolean)
      .join(' | '),
  )
}

async function wordsWithin(page: Page, ms: number): Promise<string> {
  const until = Date.now() + ms
  for (;;) {
    const words = await liveWords(page)
    if (words || Date.now() > until) return words
    await page.waitForTimeout(250)
  }
}

test("Send pressed while the app's code fails to arrive: the page says in words that the message is not sent", async () => {
  const context = await visitorContext()
  try {
    await context.route(/\/assets\/app-[^/]+\.js$/, (route) => route.abort('connectionreset'))
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'domcontentloaded' })
    const text = `Sent while the app could not come ${crypto.randomUUID()}`
    await writeContactMessage(page, text)
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    const words = await wordsWithin(page, 8_000)
    // Kept, as promised.
    expect(await page.getByLabel('Message').inputValue()).toBe(text)
    // Before: "" (the press held, then let go; nothing on screen but the unchanged form).
    expect(words).not.toBe('')
  } finally {
    await context.close()
  }
}, 60_000)

test("Send pressed while the app's code never answers: within 12 s the page says in words that the message is not sent yet", async () => {
  const context = await visitorContext()
  try {
    await context.route(/\/assets\/app-[^/]+\.js$/, () => {
      // A weak signal: the request is never answered.
    })
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'domcontentloaded' })
    const text = `Sent while the app hung ${crypto.randomUUID()}`
    await writeContactMessage(page, text)
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    const words = await wordsWithin(page, 12_000)
    expect(await page.getByLabel('Message').inputValue()).toBe(text)
    // Before: "" after 12 s (and for ever): the press is held for an app that never comes, silently.
    expect(words).not.toBe('')
  } finally {
    await context.close()
  }
}, 60_000)
