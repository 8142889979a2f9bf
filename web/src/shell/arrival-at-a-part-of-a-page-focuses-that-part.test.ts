/**
 * Arriving at a page by a link to a part of it made to take focus (the staff's "See Pending changes" →
 * /admin#pending-changes) puts focus on that part, not on the page's heading above it: a keyboard or
 * screen-reader user is where the link said. A part not made to take focus, or no part, leaves the heading.
 */
import { afterEach, expect, test } from 'bun:test'
import { focusPage } from './pageArrival'

afterEach(() => {
  document.body.innerHTML = ''
  history.replaceState(null, '', '/')
})

function page(): void {
  document.body.innerHTML = `<main id="main"><h1>Dashboard</h1><p>Tiles</p>
    <section id="pending-changes" tabindex="-1"><h2>Pending changes</h2></section>
    <section id="plain"><h2>Plain</h2></section></main>`
}

test('a link to a part made to take focus lands on that part', () => {
  page()
  history.replaceState(null, '', '/admin#pending-changes')
  expect(focusPage()).toBe(true)
  expect(document.activeElement?.id).toBe('pending-changes')
})

test('without a part, or with a part not made to take focus, the heading takes focus', () => {
  page()
  history.replaceState(null, '', '/admin')
  expect(focusPage()).toBe(true)
  expect(document.activeElement?.tagName).toBe('H1')
  history.replaceState(null, '', '/admin#plain')
  expect(focusPage()).toBe(true)
  expect(document.activeElement?.tagName).toBe('H1')
  history.replaceState(null, '', '/admin#nothing-here')
  expect(focusPage()).toBe(true)
  expect(document.activeElement?.tagName).toBe('H1')
})
