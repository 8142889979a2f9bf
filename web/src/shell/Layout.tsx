import { Suspense, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { usePageArrival } from './pageArrival'
import { pageTitle } from './publicRoutes'
import { useVenue, useVenueLoad } from './venue'
import { useScrollRestoration } from './scrollRestoration'
import { OfflineBanner, UpdatePrompt } from './OfflineBanner'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import { Splash } from './Splash'
import './layout.css'

/**
 * Every page: skip link, cookie notice (early in the Tab order, drawn at the bottom), the notice for
 * visitors when the composition root (App.tsx) gives one (the shell knows no feature), navbar, the page
 * (which brings its own <main id="main">), footer, splash, and the live region that names each new page.
 *
 * On a pre-rendered page React hydrates each Suspense boundary as a separate, interruptible piece of
 * work after the rest, so the navbar and the footer (like the page, in App) are boundaries of their
 * own: no single long task holds the main thread while the page becomes interactive. They never
 * suspend, so there is no fallback.
 *
 * It also places each page as it opens: at the top (or #hash) for a new path, where the visitor left
 * it on Back and Forward (scrollRestoration.ts); after an in-app move, focus goes to the new page's
 * heading and the page is announced (pageArrival.ts).
 */
export function Layout({ children, notice }: { children: ReactNode; notice?: ReactNode }) {
  const [path] = useLocation()
  useScrollRestoration(path)
  useVenueLoad()
  const announcement = usePageArrival(path, pageTitle(path, useVenue()))
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <CookieNotice />
      {notice}
      <Suspense>
        <Navbar />
      </Suspense>
      {children}
      <Suspense>
        <Footer />
      </Suspense>
      <OfflineBanner />
      <UpdatePrompt />
      <Splash />
      <p id="route-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  )
}
