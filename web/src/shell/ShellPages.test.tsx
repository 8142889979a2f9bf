import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { json, renderAt, resetStores, restoreFetch, sampleTimes, stubFetch } from '../../test/shell-helpers'
import { builtVenue as venue } from '../lib/venue'
import { galleryStore } from '../features/galleries/store'
import { useHolidays } from '../features/opening-times/holidaysStore'
import { useOpeningTimes } from '../features/opening-times/store'
import { About } from '../features/about/About'
import { Contact } from '../features/contact/Contact'
import { Home } from '../features/home/Home'
import { Login } from '../features/login/Login'
import { NotFound } from './NotFound'
import { parseFormattedText } from '../../../api/src/shared/rules/formatted-text'

beforeEach(async () => {
  await resetStores([useOpeningTimes, useHolidays, galleryStore('generic')])
  stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': [], '/api/gallery/generic': [] })
})
afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
})

describe('Home', () => {
  test('hero, welcome and tiles as staff wrote them (in their order, a tile without a picture too), map, gift card and contact form', async () => {
    const body = parseFormattedText('## Walk in from the hills\n\nA warm welcome.')
    if (!body.ok) throw new Error(body.error)
    const tile = (title: string, link: string, picture: string | null) => ({
      title,
      text: `${title} text.`,
      picture,
      pictureDescription: `${title} picture`,
      link,
      when: '',
    })
    const home = {
      page: 'home',
      title: 'Fellside Inn',
      smallHeading: 'Hotel · Cafe · Hayloft',
      intro: 'An inn at the head of the dale.',
      picture: '/images/hero-home.jpg',
      pictureDescription: 'The dale',
      focalX: 50,
      focalY: 50,
      body: body.tree,
      items: [tile('Stay', '/stay', '/images/tile-stay.jpg'), tile('Drink', '/drink', '/images/tile-drink.jpg'), tile('Walks', '/around', null)],
      words: {
        galleryHeading: 'Days on the fell',
        galleryIntro: '',
        giftCardHeading: 'Treat a walker',
        giftCardText: 'Rooms, lunches, ales.',
        contactHeading: 'Write to the inn',
        contactIntro: 'We answer by teatime.',
      },
      updated_at: '2026-11-28T10:00:00.000Z',
    }
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': [], '/api/gallery/generic': [], '/api/pages/home': home })
    renderAt('/', <Home />)
    // The venue's name until the page's words come, then staff's title.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(venue.hotelName)
    await screen.findByRole('heading', { level: 1, name: 'Fellside Inn' })
    // Below the first screen, its own chunk (features/home/BelowTheFold.tsx): there once that has come.
    await screen.findByRole('heading', { level: 2, name: 'Walk in from the hills' })
    const tiles = screen.getAllByRole('heading', { level: 3 }).filter((heading) => heading.classList.contains('tile__title'))
    expect(tiles.map((heading) => [heading.textContent, heading.closest('a')!.getAttribute('href')])).toEqual([
      ['Stay', '/stay'],
      ['Drink', '/drink'],
      ['Walks', '/around'],
    ])
    const img = tiles[0]!.closest('a')!.querySelector('img')!
    expect([img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('loading'), img.getAttribute('width')]).toEqual([
      '/images/tile-stay.jpg',
      'Stay picture',
      'lazy',
      '800',
    ])
    expect(tiles[2]!.closest('a')!.querySelector('img')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Visit Us' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Purchase a Gift Card/ })).toBeTruthy()
    // The sections' words are the page's, not the code's.
    expect(screen.getByRole('region', { name: 'Treat a walker' }).textContent).toContain('Rooms, lunches, ales.')
    expect(screen.getByRole('region', { name: 'Write to the inn' }).textContent).toContain('We answer by teatime.')
    expect(screen.getByLabelText('Message')).toBeTruthy()
    expect(screen.getAllByRole('main')).toHaveLength(1)
  })

  test('the hero shows open-now status for both venues once times load', async () => {
    renderAt('/', <Home />)
    await waitFor(() => expect(document.querySelectorAll('.home__status .open-status')).toHaveLength(2))
  })

  // The venues' LocalBusiness data is in <head>, outside the hydrated root: the build writes it and the
  // server keeps its hours current (api/test/served-html.test.ts, web/e2e/structured-data.test.ts).
  test('renders no structured data itself, so data newer than the build cannot upset hydration', () => {
    renderAt('/', <Home />)
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull()
  })

  test('pre-renders to HTML without browser-only parts', () => {
    const html = renderToString(
      <Router ssrPath="/">
        <Home />
      </Router>,
    )
    expect(html).not.toContain('application/ld+json')
    expect(html).toContain('Visit Us')
    expect(html).not.toContain('open-status')
  })
})

describe('About, Contact, NotFound', () => {
  test('About: the title and the paragraphs staff wrote, as the page content from the server has them', async () => {
    const parsed = parseFormattedText('First.\n\nSecond.\n\nThird, with **bold**.\n\nFourth.\n\nFifth.')
    if (!parsed.ok) throw new Error(parsed.error)
    const about = {
      page: 'about',
      title: 'About us',
      smallHeading: 'Our story',
      intro: 'A stone-built inn.',
      picture: '/images/hero-about.jpg',
      pictureDescription: 'The inn',
      focalX: 50,
      focalY: 50,
      body: parsed.tree,
      items: [],
      updated_at: '2026-11-28T10:00:00.000Z',
    }
    stubFetch({ '/api/pages/about': about })
    renderAt('/about', <About />)
    await waitFor(() => expect(document.querySelectorAll('main p').length).toBeGreaterThan(4))
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy()
    expect(screen.getByText('bold').tagName).toBe('STRONG')
  })

  test('Contact: the Contact Us form and the opening times with open-now status', async () => {
    renderAt('/contact', <Contact />)
    expect(screen.getByRole('heading', { level: 2, name: 'Contact Us' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Opening Times' })).toBeTruthy()
    await waitFor(() => expect(document.querySelectorAll('.opening-times__venue .open-status')).toHaveLength(2))
  })

  test('NotFound: friendly, with a link home', () => {
    renderAt('/nowhere', <NotFound />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('can’t find')
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/')
  })
})

describe('Login', () => {
  function fill() {
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form')!)
  }

  test('both fields are labelled and required; the password is hidden', () => {
    renderAt('/login', <Login />)
    expect((screen.getByLabelText('Username') as HTMLInputElement).required).toBe(true)
    const password = screen.getByLabelText('Password') as HTMLInputElement
    expect(password.required).toBe(true)
    expect(password.type).toBe('password')
  })

  test('success stores the token and goes to /admin', async () => {
    const calls = stubFetch({ 'POST /api/admin/login': { token: 'tok-123', username: 'admin', expires_at: '2030-01-01T00:00:00Z' } })
    const { location } = renderAt('/login', <Login />)
    fill()
    await waitFor(() => expect(location()).toBe('/admin'))
    expect(localStorage.getItem('adminToken')).toBe('tok-123')
    expect(calls[0]!.body).toEqual({ username: 'admin', password: 'secret' })
  })

  test('failure shows the server’s error text', async () => {
    stubFetch({ 'POST /api/admin/login': json({ error: 'Invalid username or password.' }, 401) })
    const { location } = renderAt('/login', <Login />)
    fill()
    await screen.findByText('Invalid username or password.')
    expect(location()).toBe('/login')
    expect(localStorage.getItem('adminToken')).toBeNull()
  })

  test('failure without a server reason: "Login failed. Please try again."', async () => {
    stubFetch({
      'POST /api/admin/login': () => {
        throw new TypeError('network down')
      },
    })
    renderAt('/login', <Login />)
    fill()
    await screen.findByText('Login failed. Please try again.')
  })
})
