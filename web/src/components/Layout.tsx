import type { ReactNode } from 'react'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import { Splash } from './Splash'
import '../styles/layout.css'

/** Every page: skip link, navbar, the page (which brings its own <main id="main">), footer, splash, cookie notice. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Navbar />
      {children}
      <Footer />
      <CookieNotice />
      <Splash />
    </>
  )
}
