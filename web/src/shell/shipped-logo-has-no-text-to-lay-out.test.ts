/**
 * The shipped logo (web/public/logo.svg, on every page three times: navbar, footer, splash) draws its
 * lettering as outlines. An SVG picture's text is laid out in the picture's own document again at each
 * size it is drawn at, each size a new font strike; on Linux each strike and each family name is a
 * synchronous call to the browser process (fontconfig), and in a trace of `/` under 4× CPU this was
 * the largest part of the picture's cost and of Paint (issue 30).
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// Its comments may name what it avoids.
const logo = readFileSync(join(import.meta.dir, '../../public/logo.svg'), 'utf8').replace(/<!--[\s\S]*?-->/g, '')

test('the shipped logo has no text for the browser to lay out, only shapes', () => {
  expect(logo).not.toMatch(/<(text|tspan|textPath|foreignObject)\b/)
  expect(logo).not.toMatch(/font-family|font-size/)
  expect(logo).toMatch(/<path\b/)
})

test('the shipped logo keeps its name for assistive technology', () => {
  expect(logo).toMatch(/role="img"/)
  expect(logo).toMatch(/aria-label="[^"]+"/)
})
