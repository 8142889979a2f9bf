import { Suspense, type ReactNode } from 'react'
import { OfflineBanner, UpdatePrompt } from '../offline/OfflineBanner'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import { ScrollRestoration } from './ScrollRestoration'
import { Splash } from './Splash'
import '../styles/layout.css'

/**
 * Every page: skip link, navbar, the page (which brings its own <main id="main">), footer, splash, cookie notice,
 * and the scroll position of each history entry.
 *
 * On a pre-rendered page React hydrates each Suspense boundary as a separate, interruptible piece of
 * work after the rest, so the navbar and the footer (like the page, in App) are boundaries of their
 * own: no single long task holds the main thread while the page becomes interactive. They never
 * suspend, so there is no fallback.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Suspense>
        <Navbar />
      </Suspense>
      {children}
      <Suspense>
        <Footer />
      </Suspense>
      <OfflineBanner />
      <UpdatePrompt />
      <CookieNotice />
      <Splash />
      <ScrollRestoration />
    </>
  )
}
