import { useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import { Link, useLocation } from 'wouter'
import { isSolidNavPath, navbarLook } from './navbarLook'
import { logoOf, useVenue } from './venue'
import './layout.css'

export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/drink', label: 'Drink' },
  { href: '/eat', label: 'Eat' },
  { href: '/stay', label: 'Stay' },
  { href: '/events', label: 'Events' },
  { href: 'giftcards', label: 'Gift Cards' },
  { href: '/around', label: 'Nearby' },
  { href: '/contact', label: 'Contact' },
] as const

/** The menu as the visitor left it before the app started (public/menu-before-app.js): hydration carries on from it. */
const openBeforeTheApp = () => typeof document !== 'undefined' && document.querySelector('.navbar__toggle')?.getAttribute('aria-expanded') === 'true'

export function Navbar() {
  const venue = useVenue()
  const [location] = useLocation()
  const [scrollY, setScrollY] = useState(0)
  const [open, setOpen] = useState(openBeforeTheApp)
  const navRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  // Track the scroll position, at most once per frame.
  useEffect(() => {
    let frame = 0
    const read = () => {
      frame = 0
      setScrollY(window.scrollY)
    }
    const onScroll = () => {
      if (frame) return
      frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(read) : (read(), 0)
    }
    read()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame)
    }
  }, [])

  // Any route change closes the mobile menu (not the first render: a menu opened before the app started stays open).
  const shownAt = useRef(location)
  useEffect(() => {
    if (shownAt.current === location) return
    shownAt.current = location
    setOpen(false)
  }, [location])

  // While open: a click outside or Escape closes it.
  useEffect(() => {
    if (!open) return
    const onPointer = (event: Event) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('touchstart', onPointer, { passive: true })
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('touchstart', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const solid = isSolidNavPath(location)
  const look = navbarLook(scrollY, solid)
  const isCurrent = (href: string) => (href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`))

  return (
    <header
      className={`site-header${solid ? ' site-header--solid' : ''}${scrollY > 50 ? ' site-header--scrolled' : ''}${open ? ' site-header--open' : ''}`}
      style={{ '--nav-alpha': String(look.opacity), paddingTop: look.padding, paddingBottom: look.padding } as CSSProperties}
      data-opacity={look.opacity}
    >
      <nav
        ref={navRef}
        className="navbar container"
        aria-label="Main"
        onBlur={(event) => {
          // A disclosure menu: once Tab takes focus out of it into the page, it closes (leaving the
          // window, with no element taking focus, keeps it open).
          const next = event.relatedTarget as Node | null
          if (open && next && !event.currentTarget.contains(next)) setOpen(false)
        }}
      >
        <Link href="/" className="navbar__brand">
          <img src={logoOf(venue)} alt={`${venue.hotelName} home`} width={52} height={52} className="navbar__logo" />
          <span className="navbar__name" aria-hidden="true">
            {venue.hotelName}
          </span>
        </Link>
        <button ref={toggleRef} type="button" className="navbar__toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
          <span className="navbar__toggle-bars" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <ul id={menuId} className={`navbar__links${open ? ' is-open' : ''}`}>
          {NAV_LINKS.map((link) =>
            link.href === 'giftcards' ? (
              <li key={link.href}>
                <a href={venue.giftCardUrl} target="_blank" rel="noopener" className="navbar__link">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                  <svg className="navbar__external" aria-hidden="true" viewBox="0 0 12 12" width="10" height="10">
                    <path d="M4 1h7v7M11 1 4.5 7.5M9 7v4H1V3h4" fill="none" stroke="currentColor" strokeWidth="1.4" />
                  </svg>
                </a>
              </li>
            ) : (
              <li key={link.href}>
                <Link href={link.href} className="navbar__link" aria-current={isCurrent(link.href) ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            ),
          )}
        </ul>
      </nav>
    </header>
  )
}
