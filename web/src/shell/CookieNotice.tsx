import { useEffect, useRef, useState } from 'react'
import { whenIdle } from '../lib/idle'
import { useKeepsFocusClear } from './bottomBar'
import { focusPage } from './pageArrival'
import './cookie-notice.css'
import { COOKIES_AGREED_KEY } from '../storage-keys'

function readFlag(): boolean {
  try {
    return localStorage.getItem(COOKIES_AGREED_KEY) === 'true'
  } catch {
    return false
  }
}

/** How much of the view's bottom the notice covers, as a CSS variable on <html> (cookie-notice.css, global.css). */
const HEIGHT_VARIABLE = '--cookie-notice-height'

/**
 * Shown until the visitor agrees; the choice is kept in localStorage (cookiesAgreed = 'true'). It is
 * decided in an effect, so pre-rendered HTML carries nothing and returning visitors never see a flash.
 *
 * It comes right after the skip link in the page (two Tabs away), while drawn at the bottom. So that
 * it never covers what the keyboard is on, the page keeps its height clear when scrolling to a focused
 * element (scroll-padding-bottom); on short screens it sits at the top of the page instead. After
 * Agree, focus goes to the page's heading rather than falling to <body>.
 */
export function CookieNotice() {
  const [show, setShow] = useState(false)
  const noticeRef = useRef<HTMLElement>(null)

  // Once the page is up: a page's first localStorage read loads the whole storage area at once (about
  // 15 ms on a slow phone), and the notice can wait for an idle moment.
  useEffect(() => whenIdle(() => setShow(!readFlag())), [])

  useKeepsFocusClear(noticeRef, HEIGHT_VARIABLE, show)

  if (!show) return null
  const agree = () => {
    try {
      localStorage.setItem(COOKIES_AGREED_KEY, 'true')
    } catch {
      // Private mode without storage: hide it for this visit anyway.
    }
    setShow(false)
    focusPage({ fromTop: true })
  }
  return (
    <section ref={noticeRef} className="cookie-notice" aria-label="Cookie notice">
      <p className="cookie-notice__long">
        We keep a few small things on your device — like this choice and the pages you have visited — so the site works offline on the fells. No tracking, no
        adverts.
      </p>
      <p className="cookie-notice__short">We keep a few things on your device so the site works offline. No tracking.</p>
      <button type="button" className="button button--light button--small" onClick={agree}>
        Agree
      </button>
    </section>
  )
}
