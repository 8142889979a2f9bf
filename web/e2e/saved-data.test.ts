/**
 * Saved data told apart from fresh data, in real Chromium with the service worker against the real
 * server (build first: npm run build): a server that is killed, or hung (SIGSTOP), while the phone
 * believes it is online. The page shows the saved copy with the banner and the copy's true time, and
 * the saved time is never re-stamped. (One visit saving every page: one-visit.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { startServer, type RunningServer } from './harness'
import { bannerText, bannerTime, openSession, poll, savedTimes, screenshots, UNREACHABLE_SAVED, waitForControl, type Session } from './saved-data-helpers'

/** The server process's id, found by the port it listens on (the harness started it; only it is paused). */
function serverPid(server: RunningServer): number {
  const port = new URL(server.url).port
  const out = Bun.spawnSync(['ss', '-ltnpH', `sport = :${port}`]).stdout.toString()
  const pid = Number(/pid=(\d+)/.exec(out)?.[1])
  if (!pid) throw new Error(`no process listens on port ${port}: ${out}`)
  return pid
}

describe('an unreachable server while the phone believes it is online', () => {
  let server: RunningServer
  let eventTitle: string
  beforeAll(async () => {
    server = await startServer()
    eventTitle = ((await (await server.api('/api/events')).json()) as { title: string }[])[0]!.title
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** Visits /events online until its events are saved, and returns the saved copy's time. */
  async function visitEvents(session: Session): Promise<number> {
    const { page } = session
    await page.goto(`${server.url}/events`, { waitUntil: 'domcontentloaded' })
    await page.getByText(eventTitle).first().waitFor({ timeout: 20_000 })
    await waitForControl(page)
    return (await poll(async () => (await savedTimes(page, ['events'])).events, 'the events are saved')) as number
  }

  /** The page shows the saved events, says so with their true time, and the saved copy keeps that time. */
  async function expectSavedEventsShown(page: Page, savedAt: number) {
    await page.getByText(eventTitle).first().waitFor({ timeout: 10_000 })
    const expected = `${UNREACHABLE_SAVED} ${await bannerTime(page, savedAt)}`
    const shown = await poll(async () => ((await bannerText(page)) === expected ? expected : null), `the banner reads "${expected}"`, 20_000).catch(
      async (error: Error) => {
        throw new Error(`${error.message}; the banner reads: ${JSON.stringify(await bannerText(page))}`)
      },
    )
    expect(shown).toBe(expected)
    expect((await savedTimes(page, ['events'])).events).toBe(savedAt)
  }

  test('a hung server (it accepts connections, never answers): the saved events show at once, then the banner with their true time', async () => {
    const session = await openSession()
    const pid = serverPid(server)
    try {
      const savedAt = await visitEvents(session)
      process.kill(pid, 'SIGSTOP')
      await session.page.reload({ waitUntil: 'domcontentloaded' })
      await expectSavedEventsShown(session.page, savedAt)
      expect(session.errors).toEqual([])
    } finally {
      process.kill(pid, 'SIGCONT')
      await session.close()
    }
  }, 120_000)

  test('a killed server: the saved events show with the banner and their true time, and the saved time is not re-stamped', async () => {
    const session = await openSession()
    try {
      const savedAt = await visitEvents(session)
      await server.kill()
      await session.page.reload({ waitUntil: 'domcontentloaded' })
      await expectSavedEventsShown(session.page, savedAt)
      // A later visit, still without the server, still claims the first time.
      await session.page.reload({ waitUntil: 'domcontentloaded' })
      await expectSavedEventsShown(session.page, savedAt)
      await screenshots(session.page, 'server-down-events')
      expect(session.errors).toEqual([])
    } finally {
      await session.close()
    }
  }, 120_000)
})
