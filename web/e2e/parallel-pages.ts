/**
 * Checks that visit many pages one after another spend most of their time waiting: on the splash
 * (3 s on every full load of a public page, by design), on the network, on frames. Pages in separate
 * browser contexts wait side by side, so a list of paths is shared among a few of them: each takes the
 * next path when it is free, loads it afresh and checks it, exactly as the single page did. Results
 * come back in the order of the paths, so a failure reads the same as before.
 *
 * One context per tab, not tabs of one context: only a context's front tab gets animation frames
 * (the others get one a second), and focus checks wait on frames.
 */
import type { Page } from 'playwright-core'

/** Pages at work at once: enough to overlap the splash and the network, few enough for two busy cores. */
export const TABS = Number(process.env.E2E_TABS) || 4

/**
 * Runs `check(page, path)` for every path, on up to `tabs` pages made by `open` (each in its own
 * context, opened as the single page was; the caller closes them as it closed that one), and returns
 * each path's results in path order.
 */
export async function acrossTabs<T>(
  open: () => Promise<Page>,
  paths: readonly string[],
  check: (page: Page, path: string) => Promise<T[]>,
  tabs = TABS,
): Promise<T[]> {
  const results: T[][] = paths.map(() => [])
  let next = 0
  const work = async () => {
    const page = await open()
    for (let index = next++; index < paths.length; index = next++) results[index] = await check(page, paths[index]!)
  }
  const width = Math.max(1, Math.min(tabs, paths.length))
  // Every page finishes (or fails) before the caller closes them; the first failure is the one reported.
  const settled = await Promise.allSettled(Array.from({ length: width }, work))
  const failed = settled.find((outcome) => outcome.status === 'rejected')
  if (failed) throw failed.reason
  return results.flat()
}
