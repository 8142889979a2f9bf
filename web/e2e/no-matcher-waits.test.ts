/**
 * A rule for every browser test file: never `expect(promise).resolves` / `.rejects` — await the
 * value, then assert (`expect(await locator.textContent()).toBe(…)`).
 *
 * Why: Bun's matchers wait for such a promise by running the event loop inside the matcher. When the
 * test resumes from a setImmediate callback, that nested run delivers immediates queued later before
 * the rest of the current batch. playwright-core's in-process connection hands every protocol message
 * to the client in its own setImmediate, so an event can overtake the message that creates the object
 * it names: "Object with guid response@… was not bound in the connection" (cf. microsoft/playwright#22210),
 * failing whichever test is running. The clean-clone failures at offline.test.ts and
 * public-pages.test.ts (/events) were both inside `.resolves`.
 */
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const dir = import.meta.dir

/** `).resolves.` / `).rejects.` in code (not in comments), as `file:line`. */
function matcherWaits(source: string, file: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const code = line.replace(/\/\/.*$/, '')
    return /\)\s*\.\s*(resolves|rejects)\s*\./.test(code) ? [`${file}:${index + 1}: ${line.trim()}`] : []
  })
}

test('the check finds a matcher wait', () => {
  expect(matcherWaits("await expect(page.locator('h1').textContent()).resolves.toBe('x')", 'a.ts')).toHaveLength(1)
  expect(matcherWaits("expect(await page.locator('h1').textContent()).toBe('x') // not .resolves.toBe", 'a.ts')).toEqual([])
})

test('no browser test waits on a promise inside a matcher', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== basename(import.meta.path))
  expect(files.length).toBeGreaterThan(1)
  const found = files.flatMap((file) => matcherWaits(readFileSync(join(dir, file), 'utf8'), file))
  expect(found).toEqual([])
})
