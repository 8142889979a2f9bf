/**
 * When the app starts on a pre-rendered page (appOnDemand.ts): at once where waiting would hide the
 * truth, else on the visitor's first action; a button pressed or a form sent before then is held and
 * given to the app once it has the page, never lost and never done twice.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { startAppWhenWanted, startsAtOnce } from './appOnDemand'

const prerendered = () => {
  document.body.innerHTML = `<div id="root"><main><h1>What's on</h1><button type="button" id="share">Share</button>
    <form id="contact"><input name="name" value="Ann"><button id="send">Send</button></form>
    <a href="/eat" id="link"><span>Eat</span></a><button class="navbar__toggle" id="menu">Menu</button></main></div>`
  return document.getElementById('root')!
}

/** A start the test finishes when it chooses, counting its calls. */
function heldStart() {
  let finish!: () => void
  const start = {
    calls: 0,
    run: () => {
      start.calls++
      return new Promise<void>((resolve) => (finish = resolve))
    },
    finish: () => finish(),
  }
  return start
}

/** The start is called after the next paint (what the action did on the served page shows first). */
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/** Lets the app "start" and the held actions be given to it. */
async function started(start: { finish(): void }) {
  await nextPaint()
  start.finish()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('when the app starts', () => {
  test('at once for the app shell (an empty root), offline, a place only the app fills, or when told to; else it waits', () => {
    const empty = document.createElement('div')
    expect(startsAtOnce({ root: empty, online: true, atOnce: false })).toBe(true)
    expect(startsAtOnce({ root: prerendered(), online: false, atOnce: false })).toBe(true)
    expect(startsAtOnce({ root: prerendered(), online: true, atOnce: true })).toBe(true)
    expect(startsAtOnce({ root: prerendered(), online: true, atOnce: false, needsApp: true })).toBe(true)
    expect(startsAtOnce({ root: prerendered(), online: true, atOnce: false })).toBe(false)
  })

  test('the first key, focus, mouse button or click starts it, once; a finger on the screen does not', async () => {
    const root = prerendered()
    const start = heldStart()
    startAppWhenWanted(start.run, { root, online: true, atOnce: false })
    expect(start.calls).toBe(0)
    // A finger put down may be a scroll: reading, not yet using the page.
    document.getElementById('share')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }))
    expect(start.calls).toBe(0)
    document.getElementById('share')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' }))
    document.getElementById('share')!.dispatchEvent(new Event('focusin', { bubbles: true }))
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    expect(start.calls).toBe(0)
    await nextPaint()
    expect(start.calls).toBe(1)
    await started(start)
  })

  test('a button pressed before the app is held, then pressed once for the app; links and the menu button are left alone', async () => {
    const root = prerendered()
    const start = heldStart()
    const pressed: string[] = []
    root.addEventListener('click', (event) => {
      pressed.push(`${(event.target as HTMLElement).closest('[id]')!.id}:${event.defaultPrevented ? 'held' : 'done'}`)
      event.preventDefault() // the test's document stays where it is
    })
    startAppWhenWanted(start.run, { root, online: true, atOnce: false })
    document.getElementById('share')!.click()
    document.getElementById('menu')!.click()
    document.querySelector('#link span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    // The held press never reached the page; the menu button and the link did, as the browser gives them.
    expect(pressed).toEqual(['menu:done', 'link:done'])
    await started(start)
    expect(pressed.slice(2)).toEqual(['share:done'])
    // From now on the app answers presses itself: nothing is held.
    document.getElementById('share')!.click()
    expect(pressed.slice(3)).toEqual(['share:done'])
  })

  test('a form sent before the app is held, then sent once the app has the page', async () => {
    const root = prerendered()
    const start = heldStart()
    const sent: boolean[] = []
    root.addEventListener('submit', (event) => {
      sent.push(event.defaultPrevented)
      event.preventDefault()
    })
    startAppWhenWanted(start.run, { root, online: true, atOnce: false })
    const form = document.getElementById('contact') as HTMLFormElement
    form.requestSubmit()
    expect(sent).toEqual([])
    await started(start)
    expect(sent).toEqual([false])
  })

  test('Send pressed twice before the app (a click, then Enter in a field) sends the message once', async () => {
    const root = prerendered()
    const start = heldStart()
    const sent: string[] = []
    root.addEventListener('submit', (event) => {
      sent.push((event.target as HTMLFormElement).id)
      event.preventDefault()
    })
    startAppWhenWanted(start.run, { root, online: true, atOnce: false })
    const form = document.getElementById('contact') as HTMLFormElement
    document.getElementById('send')!.click()
    // Enter in a field: the browser presses the form's first submit button.
    document.getElementById('send')!.click()
    form.requestSubmit()
    expect(sent).toEqual([])
    await started(start)
    expect(sent).toEqual(['contact'])
  })

  test('a send naming a button outside its form (a page script) is still sent, and the presses held with it are given too', async () => {
    const root = prerendered()
    const start = heldStart()
    const done: string[] = []
    root.addEventListener('submit', (event) => {
      done.push(`sent:${(event.target as HTMLFormElement).id}`)
      event.preventDefault()
    })
    root.addEventListener('click', (event) => {
      done.push(`pressed:${(event.target as HTMLElement).id}`)
      event.preventDefault()
    })
    startAppWhenWanted(start.run, { root, online: true, atOnce: false })
    const form = document.getElementById('contact') as HTMLFormElement
    // As browsers do (happy-dom does not): requestSubmit refuses a submitter that is not one of the form's submit buttons.
    const requestSubmit = form.requestSubmit.bind(form)
    form.requestSubmit = (submitter?: HTMLElement | null) => {
      if (submitter && (submitter as HTMLButtonElement).form !== form) throw new TypeError('The specified element is not a submit button.')
      requestSubmit(submitter)
    }
    const outside = document.getElementById('share')!
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: outside }))
    outside.click()
    expect(done).toEqual([])
    await started(start)
    expect(done).toEqual(['sent:contact', 'pressed:share'])
  })
})

describe('started at once', () => {
  test('a button pressed while the app is still starting (offline, a slow phone) is held, then given to it once', async () => {
    const root = prerendered()
    const start = heldStart()
    const pressed: string[] = []
    root.addEventListener('click', (event) => {
      pressed.push(`${(event.target as HTMLElement).id}:${event.defaultPrevented ? 'held' : 'done'}`)
      event.preventDefault()
    })
    startAppWhenWanted(start.run, { root, online: false, atOnce: false })
    expect(start.calls).toBe(1)
    document.getElementById('share')!.click()
    document.getElementById('share')!.click()
    expect(pressed).toEqual([])
    start.finish()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pressed).toEqual(['share:done'])
    document.getElementById('share')!.click()
    expect(pressed).toEqual(['share:done', 'share:done'])
  })
})

describe('the app fails to start (its code did not arrive)', () => {
  test('a held send is not given to the browser to send by itself; presses stay held, and the next action tries again', async () => {
    const root = prerendered()
    let tries = 0
    let fail!: (error: Error) => void
    let succeed!: () => void
    const start = () => {
      tries++
      return new Promise<void>((resolve, reject) => {
        fail = reject
        succeed = resolve
      })
    }
    const sent: boolean[] = []
    root.addEventListener('submit', (event) => {
      sent.push(event.defaultPrevented)
      event.preventDefault()
    })
    const errors: unknown[] = []
    const consoleError = console.error
    console.error = (...args: unknown[]) => errors.push(args[0])
    try {
      startAppWhenWanted(start, { root, online: true, atOnce: false })
      const form = document.getElementById('contact') as HTMLFormElement
      form.requestSubmit()
      await nextPaint()
      expect(tries).toBe(1)
      fail(new Error('Failed to fetch dynamically imported module'))
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(errors).toEqual(['The app could not start:'])
      // Not given to the page: the browser would have sent it as a plain form.
      expect(sent).toEqual([])
      form.requestSubmit()
      expect(sent).toEqual([])
      await nextPaint()
      expect(tries).toBe(2)
      // The code arrives this time: the send held since is given to the app, once.
      succeed()
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(sent).toEqual([false])
    } finally {
      console.error = consoleError
    }
  })
})
