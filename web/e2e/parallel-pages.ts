/**
 * Checks that visit many pages one after another spend most of their time waiting: on the splash
 * (3 s on every full load of a public page, by design), on the network, on frames. Pages in separate
 * browser contexts wait side by side, so a list of paths is shared among a few of them: each takes the
 * next path when it is free, loads it afresh and checks it, exactly as the single page did. Results
 * come back in the order of the list, so a failure reads the same as before.
 *
 * One context per page, not tabs of one context: only a context's front tab gets animation frames
 * (the others get one a second), and focus checks wait on frames.
 */
import type { Page } from 'playwright-core'

/** Pages at work at once: enough to overlap the splash and the network, few enough for two busy cores. */
export const TABS = Number(process.env.E2E_TABS) || 4

/**
 * `run(item)` for every item, at most `width` at once, results in the order of the items. Every run
 * finishes (or fails) before it returns, so nothing is still using a page its caller then closes; then
 * the first failure met is thrown.
 */
export async function pooled<I, T>(items: readonly I[], run: (item: I) => Promise<T>, width = TABS): Promise<T[]> {
  const results: T[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await run(items[index]!)
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker))
  const failed = settled.find((outcome) => outcome.status === 'rejected')
  if (failed) throw failed.reason
  return results
}

/**
 * `check(page, item)` for every item on up to `width` pages made by `open` (each in its own context,
 * opened as the single page was; the caller closes them as it closed that one), each page taking the
 * next item when it is free. Returns every item's findings, in the order of the items.
 */
export async function acrossTabs<I, T>(
  open: () => Promise<Page>,
  items: readonly I[],
  check: (page: Page, item: I) => Promise<T[]>,
  width = TABS,
): Promise<T[]> {
  const results: T[][] = items.map(() => [])
  let next = 0
  const lane = async () => {
    const page = await open()
    for (let index = next++; index < items.length; index = next++) results[index] = await check(page, items[index]!)
  }
  await pooled(Array.from({ length: Math.max(1, Math.min(width, items.length)) }), lane, width)
  return results.flat()
}
