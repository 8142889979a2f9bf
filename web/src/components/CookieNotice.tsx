import { useEffect, useState } from 'react'
import '../styles/cookie-notice.css'

export const COOKIE_FLAG = 'cookiesAgreed'

function readFlag(): boolean {
  try {
    return localStorage.getItem(COOKIE_FLAG) === 'true'
  } catch {
    return false
  }
}

/**
 * Shown until the visitor agrees; the choice is kept in localStorage (cookiesAgreed = 'true'). It is
 * decided in an effect, so pre-rendered HTML carries nothing and returning visitors never see a flash.
 */
export function CookieNotice() {
  const [show, setShow] = useState(false)

  useEffect(() => {
    setShow(!readFlag())
  }, [])

  if (!show) return null
  const agree = () => {
    try {
      localStorage.setItem(COOKIE_FLAG, 'true')
    } catch {
      // Private mode without storage: hide it for this visit anyway.
    }
    setShow(false)
  }
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p>
        We keep a few small things on your device — like this choice and the pages you have visited — so the site works offline on the fells. No tracking, no
        adverts.
      </p>
      <button type="button" className="button button--light button--small" onClick={agree}>
        Agree
      </button>
    </section>
  )
}
