import type { ReactNode } from 'react'
import { OfflineBanner, UpdatePrompt } from '../offline/OfflineBanner'
import { oldestSavedAt, useSavedData } from '../stores/resource'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import { Splash } from './Splash'
import '../styles/layout.css'

/** Every page: skip link, navbar, the page (which brings its own <main id="main">), footer, splash, cookie notice. */
export function Layout({ children }: { children: ReactNode }) {
  const savedAt = useSavedData(oldestSavedAt)
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Navbar />
      {children}
      <Footer />
      <OfflineBanner savedAt={savedAt} />
      <UpdatePrompt />
      <CookieNotice />
      <Splash />
    </>
  )
}
