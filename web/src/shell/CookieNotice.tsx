import { useEffect, useRef, useState } from 'react'
import { whenIdle } from '../lib/idle'
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

  useEffect(() => {
    const notice = noticeRef.current
    if (!show || !notice) return
    const root = document.documentElement
    // From its top edge to the bottom of the view (its offset from the edge included); 0 where it is
    // part of the page rather than fixed over it (short screens).
    const measure = () => {
      const covers = getComputedStyle(notice).position === 'fixed' ? Math.max(0, window.innerHeight - notice.getBoundingClientRect().top) : 0
      root.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(covers)}px`)
    }
    // The observer's first report comes after the browser's own layout, so measuring there forces none.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    if (observer) observer.observe(notice)
    else measure()
    window.addEventListener('resize', measure)
    // The browser leaves a focused element that is already partly in view where it is: a tall one (the
    // message box) can then sit partly under the notice, scroll-padding or not. Move it up clear of it.
    const keepFocusClear = (event: FocusEvent) => {
      const focused = event.target
      if (!(focused instanceof HTMLElement) || notice.contains(focused)) return
      requestAnimationFrame(() => {
        if (getComputedStyle(notice).position !== 'fixed') return
        const box = focused.getBoundingClientRect()
        const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0
        const under = box.bottom + 12 - notice.getBoundingClientRect().top
        if (under > 0) window.scrollBy(0, Math.min(under, Math.max(0, box.top - header - 8)))
      })
    }
    document.addEventListener('focusin', keepFocusClear)
    return () => {
      observer?.disconnect()
      document.removeEventListener('focusin', keepFocusClear)
      window.removeEventListener('resize', measure)
      root.style.removeProperty(HEIGHT_VARIABLE)
    }
  }, [show])

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
