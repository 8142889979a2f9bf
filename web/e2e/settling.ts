/** Waits for a page to have finished what could still move it: frames laid out, pictures loaded, animations ended. */
import type { Page } from 'playwright-core'

/** Resolves two animation frames on: what changed has been laid out, and the layout shifts it caused have been reported. */
export const twoFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))

/** Resolves once every picture in <main> that is in view has loaded or failed (lazy ones below the view wait for a scroll), and two frames on. */
export async function picturesSettled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('main img')].every(
        (img) => (img as HTMLImageElement).complete || img.getBoundingClientRect().top > window.innerHeight || img.getBoundingClientRect().bottom < 0,
      ),
    null,
    { timeout },
  )
  await twoFrames(page)
}

/** Resolves once every animation that ends (fade-ins) has ended; endless ones (a rotating gallery) are left running. */
export async function finiteAnimationsEnded(page: Page, timeout = 10_000): Promise<void> {
  const ended = () =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY)
  await page.waitForFunction(ended, undefined, { timeout })
}
