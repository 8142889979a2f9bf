/**
 * Presses held before the app starts (appOnDemand.ts) are given to it once per control, and in the
 * order the visitor last pressed them: on a menu page, "Original PDF", then "Text", then "Original PDF"
 * again (the visitor changing their mind while nothing seemed to happen) must end on the PDF, the view
 * last asked for and the button that has focus, not on "Text".
 */
import { afterEach, expect, test } from 'bun:test'
import { startAppWhenWanted } from './appOnDemand'

afterEach(() => {
  document.body.innerHTML = ''
})

test('Original PDF, Text, Original PDF pressed before the app: the app is given Text then Original PDF, so the last press wins', async () => {
  document.body.innerHTML = `<div id="root"><main><div role="group"><button type="button" id="text">Text</button>
    <button type="button" id="pdf">Original PDF</button></div></main></div>`
  const root = document.getElementById('root')!
  let finish!: () => void
  startAppWhenWanted(() => new Promise<void>((resolve) => (finish = resolve)), { root, online: true, atOnce: false })
  const given: string[] = []
  for (const id of ['pdf', 'text', 'pdf']) document.getElementById(id)!.click()
  // The app's handlers, on its root once it has the page.
  root.addEventListener('click', (event) => given.push((event.target as HTMLElement).id))
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  finish()
  await new Promise((resolve) => setTimeout(resolve, 0))
  // One press per control (a control pressed twice is one wish), the last one last.
  expect(given).toEqual(['text', 'pdf'])
})
