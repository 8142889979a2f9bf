/**
 * The page's code is asked for once the page is painted, never from the HTML beside the first paint
 * (pageCodeAfterFirstPaint.ts): the list in `<meta name="page-code">` becomes low-priority module
 * preloads in the next frame's aftermath, each once.
 */
import { afterEach, expect, test } from 'bun:test'
import { fetchPageCodeAfterFirstPaint, pageCodeOf } from './pageCodeAfterFirstPaint'

afterEach(() => {
  document.head.innerHTML = ''
})

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
const nextPaintDone = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)))

test('no preload before the first frame; after it one low-priority module preload per listed file', async () => {
  document.head.innerHTML = '<meta name="page-code" content="/assets/app.js /assets/Contact.js">'
  fetchPageCodeAfterFirstPaint(document)
  expect(preloads()).toEqual([])
  await nextPaintDone()
  expect(preloads().map((link) => [link.getAttribute('href'), link.getAttribute('fetchpriority'), link.getAttribute('crossorigin')])).toEqual([
    ['/assets/app.js', 'low', ''],
    ['/assets/Contact.js', 'low', ''],
  ])
})

test('a file already preloaded is not asked for twice; a page without the list (the app shell) asks for nothing', async () => {
  document.head.innerHTML = '<meta name="page-code" content="/assets/app.js"><link rel="modulepreload" href="/assets/app.js">'
  fetchPageCodeAfterFirstPaint(document)
  await nextPaintDone()
  expect(preloads()).toHaveLength(1)
  document.head.innerHTML = ''
  expect(pageCodeOf(document)).toEqual([])
  fetchPageCodeAfterFirstPaint(document)
  await nextPaintDone()
  expect(preloads()).toEqual([])
})

test('only site paths are taken from the list', () => {
  document.head.innerHTML = '<meta name="page-code" content=" /assets/app.js  https://elsewhere.example/x.js //elsewhere.example/y.js javascript:alert(1) ">'
  expect(pageCodeOf(document)).toEqual(['/assets/app.js'])
})
