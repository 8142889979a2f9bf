import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { renderAt } from '../../test/shell-helpers'
import { builtVenue as venue } from '../lib/venue'
import { STAFF_TOKEN_KEY } from '../storage-keys'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Layout } from './Layout'
import { Splash } from './Splash'

describe('CookieNotice', () => {
  test('shown to a first-time visitor; Agree stores cookiesAgreed = "true" and hides it', async () => {
    render(<CookieNotice />)
    const notice = await screen.findByRole('region', { name: 'Cookie notice' })
    expect(notice).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }))
    expect(localStorage.getItem('cookiesAgreed')).toBe('true')
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull()
  })

  for (const [page, markup, expected] of [
    [
      'a menu, its "Back to" link above the heading',
      '<p><a href="/eat">Back to the cafe</a></p><h1>Cafe menu</h1><a href="/x.pdf">Open the PDF</a>',
      'Back to the cafe',
    ],
    ['a page with nothing to focus above its heading', '<h1>Contact</h1><a href="tel:1">Call us</a>', 'Call us'],
  ] as const)
    test(`after Agree on ${page}, the next Tab stop is the page's first control: "${expected}"`, async () => {
      render(
        <>
          <CookieNotice />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed page for the test */}
          <main id="main" dangerouslySetInnerHTML={{ __html: markup }} />
        </>,
      )
      fireEvent.click(await screen.findByRole('button', { name: 'Agree' }))
      const active = document.activeElement as HTMLElement
      expect(active.closest('main')).toBeTruthy()
      const controls = [...document.querySelectorAll<HTMLElement>('main a[href]')]
      const next = controls.find((control) => active.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING || active.contains(control))
      expect(next?.textContent).toBe(expected)
      localStorage.removeItem('cookiesAgreed')
    })

  test('never shown again once agreed', async () => {
    localStorage.setItem('cookiesAgreed', 'true')
    render(<CookieNotice />)
    // Long enough for the idle moment it decides in (a first-time visitor's notice shows by then).
    await act(() => Bun.sleep(400))
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull()
    localStorage.removeItem('cookiesAgreed')
    cleanup()
    render(<CookieNotice />)
    await act(() => Bun.sleep(400))
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeTruthy()
  })

  test('not in pre-rendered HTML (decided in an effect, so returning visitors never see a flash)', () => {
    expect(renderToString(<CookieNotice />)).toBe('')
  })
})

describe('Splash', () => {
  // The splash shows only on public paths, read from the window's location, which an earlier test file may have left on a staff screen.
  beforeEach(() => history.replaceState(null, '', '/'))
  afterEach(() => {
    jest.useRealTimers()
  })

  test('shows the logo, starts fading at 3 s (letting clicks through), is removed at 4 s', () => {
    jest.useFakeTimers()
    render(<Splash />)
    const splash = screen.getByTestId('splash')
    expect(splash.getAttribute('aria-hidden')).toBe('true')
    expect(splash.className).not.toContain('splash--fading')
    act(() => {
      jest.advanceTimersByTime(2999)
    })
    expect(screen.getByTestId('splash').className).not.toContain('splash--fading')
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(screen.getByTestId('splash').className).toContain('splash--fading')
    act(() => {
      jest.advanceTimersByTime(1000)
    })
    expect(screen.queryByTestId('splash')).toBeNull()
  })

  test('under reduced motion: no fade, simply gone at 3 s', () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia
    try {
      jest.useFakeTimers()
      render(<Splash />)
      act(() => {
        jest.advanceTimersByTime(2999)
      })
      expect(screen.getByTestId('splash').className).not.toContain('splash--fading')
      act(() => {
        jest.advanceTimersByTime(1)
      })
      expect(screen.queryByTestId('splash')).toBeNull()
    } finally {
      window.matchMedia = original
    }
  })
})

describe('Footer', () => {
  test('copyright with the current year and hotel name, Instagram in a new tab, staff login', () => {
    renderAt('/', <Footer />)
    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${venue.hotelName}`)
    expect(footer.textContent).toContain(venue.phone)
    expect(footer.textContent).toContain(venue.address.postcode)
    // Named after the bar as the venue's details call it, not as the code once did.
    const instagram = screen.getByRole('link', { name: `${venue.barName} on Instagram (opens in a new tab)` })
    expect(instagram.getAttribute('href')).toBe(venue.instagramUrl)
    expect(instagram.getAttribute('target')).toBe('_blank')
    expect(instagram.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Staff login' }).getAttribute('href')).toBe('/login')
  })

  test('signed in on this device, the staff link leads to the staff area, not to the login', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'a-token')
    try {
      renderAt('/', <Footer />)
      expect((await screen.findByRole('link', { name: 'Staff area' })).getAttribute('href')).toBe('/admin')
      expect(screen.queryByRole('link', { name: 'Staff login' })).toBeNull()
    } finally {
      localStorage.removeItem(STAFF_TOKEN_KEY)
    }
  })
})

describe('Layout', () => {
  test('renders on the server: skip link, navbar, page, footer, splash; no cookie notice', () => {
    const html = renderToString(
      <Router ssrPath="/">
        <Layout>
          <main id="main">Page body</main>
        </Layout>
      </Router>,
    )
    expect(html).toContain('href="#main"')
    expect(html).toContain('Skip to main content')
    expect(html).toContain('<nav')
    expect(html).toContain('Page body')
    expect(html).toContain('<footer')
    expect(html).toContain('class="splash"')
    expect(html).not.toContain('Cookie notice')
  })

  test('the skip link comes first and points at main', () => {
    renderAt(
      '/',
      <Layout>
        <main id="main">Page body</main>
      </Layout>,
    )
    const first = document.body.querySelector('a')!
    expect(first.textContent).toBe('Skip to main content')
    expect(first.getAttribute('href')).toBe('#main')
    expect(screen.getAllByRole('main')).toHaveLength(1)
  })
})
