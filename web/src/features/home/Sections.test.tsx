import { afterEach, describe, expect, test } from 'bun:test'
import { act, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { builtVenue as venue } from '../../lib/venue'
import { FadeIn } from '../../ui/FadeIn'
import { GiftCardBlock } from './GiftCardBlock'
import { Hero } from '../../ui/Hero'
import { MapSection } from './MapSection'

const RealIO = globalThis.IntersectionObserver

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true })
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
  setOnline(true)
  globalThis.IntersectionObserver = RealIO
})

/** An IntersectionObserver the test moves: `bringNear()` reports every observed element in view. */
function controllableObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = []
  globalThis.IntersectionObserver = class {
    private entry: { callback: IntersectionObserverCallback; elements: Element[] }
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] }
      observers.push(this.entry)
    }
    observe(element: Element) {
      this.entry.elements.push(element)
    }
    disconnect() {
      this.entry.elements = []
    }
    unobserve() {}
    takeRecords() {
      return []
    }
  } as unknown as typeof IntersectionObserver
  return {
    bringNear: () =>
      act(() => {
        for (const { callback, elements } of observers)
          if (elements.length)
            callback(
              elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              {} as IntersectionObserver,
            )
      }),
  }
}

describe('MapSection', () => {
  test("'Visit Us', 'Find directions below:', and a lazy, titled map frame only once its box is near the screen", () => {
    globalThis.fetch = (() => new Promise(() => {})) as unknown as typeof fetch
    const view = controllableObserver()
    render(<MapSection />)
    expect(screen.getByRole('heading', { level: 2, name: 'Visit Us' })).toBeTruthy()
    expect(screen.getByText('Find directions below:')).toBeTruthy()
    // Far down the page: no frame yet (a frame costs the page a document of its own while it starts).
    expect(document.querySelector('iframe')).toBeNull()
    view.bringNear()
    const frame = document.querySelector('iframe')!
    expect(frame.getAttribute('src')).toBe(venue.mapEmbedUrl)
    expect(frame.getAttribute('loading')).toBe('lazy')
    expect(frame.getAttribute('title')).toContain(venue.hotelName)
  })

  test('offline: a notice with the phone number and a directions link instead of the frame', async () => {
    setOnline(false)
    render(<MapSection />)
    await waitFor(() => expect(screen.getByText(/The map needs a connection/)).toBeTruthy())
    expect(document.querySelector('iframe')).toBeNull()
    expect(screen.getByRole('link', { name: venue.phone }).getAttribute('href')).toBe(`tel:${venue.phone.replace(/\s+/g, '')}`)
    const directions = screen.getByRole('link', { name: /open directions/ })
    expect(directions.getAttribute('href')).toBe(venue.mapLinkUrl)
    expect(directions.getAttribute('target')).toBe('_blank')
  })

  test('the notice replaces the frame when the map service cannot be reached', async () => {
    // @ts-expect-error no IntersectionObserver: the check starts at once
    globalThis.IntersectionObserver = undefined
    stubFetch({})
    // The map's service does not answer; our own server does.
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input) === '/api/health') return new Response(null, { status: 200 })
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    render(<MapSection timeoutMs={5000} />)
    await waitFor(() => expect(screen.getByText(/The map service is not available right now/)).toBeTruthy())
    expect(document.querySelector('iframe')).toBeNull()
  })

  test('nothing answers, not even our own server: the connection is the problem', async () => {
    // @ts-expect-error no IntersectionObserver: the check starts at once
    globalThis.IntersectionObserver = undefined
    stubFetch({})
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    render(<MapSection timeoutMs={5000} />)
    await waitFor(() => expect(screen.getByText(/The map needs a connection/)).toBeTruthy())
  })

  test('the notice replaces the frame when it has not loaded in time', async () => {
    // @ts-expect-error no IntersectionObserver: the clock starts at once
    globalThis.IntersectionObserver = undefined
    globalThis.fetch = ((input: RequestInfo | URL) =>
      String(input) === '/api/health' ? Promise.resolve(new Response(null, { status: 200 })) : new Promise(() => {})) as unknown as typeof fetch
    render(<MapSection timeoutMs={60} />)
    expect(document.querySelector('iframe')).toBeTruthy()
    await waitFor(() => expect(screen.getByText(/The map service is not available right now/)).toBeTruthy())
  })
})

describe('GiftCardBlock', () => {
  test("'Purchase a Gift Card' opens the gift card shop in a new tab, under the home page's words", () => {
    render(<GiftCardBlock heading="Give a day out" text="Spend it on rooms, lunch or ale." />)
    expect(screen.getByRole('region', { name: 'Give a day out' })).toBeTruthy()
    expect(screen.getByText('Spend it on rooms, lunch or ale.')).toBeTruthy()
    const link = screen.getByRole('link', { name: /Purchase a Gift Card/ })
    expect(link.getAttribute('href')).toBe(venue.giftCardUrl)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  test('offline: the phone number instead of the link', async () => {
    setOnline(false)
    render(<GiftCardBlock heading="Gift cards" text="" />)
    await waitFor(() => expect(screen.queryByRole('link', { name: /Purchase a Gift Card/ })).toBeNull())
    expect(screen.getByRole('link', { name: venue.phone })).toBeTruthy()
    setOnline(true)
    await waitFor(() => expect(screen.getByRole('link', { name: /Purchase a Gift Card/ })).toBeTruthy())
  })
})

describe('Hero', () => {
  const image = { src: '/images/hero-eat.jpg', width: 1600, height: 1000, alt: 'Breakfast on the table' }

  test('one h1, intro, and an eager high-priority sized image', () => {
    render(<Hero title="The Cafe" intro="Cake worth the walk." image={image} />)
    expect(screen.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeTruthy()
    expect(screen.getByText('Cake worth the walk.')).toBeTruthy()
    const img = screen.getByRole('img', { name: 'Breakfast on the table' })
    expect(img.getAttribute('width')).toBe('1600')
    expect(img.getAttribute('height')).toBe('1000')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
  })

  test('parallax: the image moves at a fraction of the scroll', async () => {
    render(<Hero title="Home" image={image} />)
    const img = screen.getByRole('img') as HTMLImageElement
    const root = img.closest('.hero') as HTMLElement
    root.getBoundingClientRect = () => ({ top: -200, bottom: 400, left: 0, right: 0, width: 0, height: 600, x: 0, y: -200, toJSON() {} }) as DOMRect
    window.dispatchEvent(new Event('scroll'))
    await waitFor(() => expect(img.style.transform).toBe('translate3d(0, 70.0px, 0)'))
  })

  test('no parallax under reduced motion', async () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia
    try {
      render(<Hero title="Home" image={image} />)
      const img = screen.getByRole('img') as HTMLImageElement
      const root = img.closest('.hero') as HTMLElement
      root.getBoundingClientRect = () => ({ top: -200, bottom: 400 }) as DOMRect
      window.dispatchEvent(new Event('scroll'))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(img.style.transform).toBe('')
    } finally {
      window.matchMedia = original
    }
  })

  test('renders on the server', () => {
    expect(renderToString(<Hero title="Home" image={image} />)).toContain('<h1')
  })
})

describe('FadeIn', () => {
  test('without IntersectionObserver the content is simply visible', async () => {
    // @ts-expect-error simulate an old browser
    globalThis.IntersectionObserver = undefined
    render(<FadeIn>Hello</FadeIn>)
    await waitFor(() => expect(screen.getByText('Hello').className).toContain('visible'))
  })

  /** An IntersectionObserver whose reports the test sends: `report(true)` = in view. */
  function reportingObserver() {
    const seen: { callback?: IntersectionObserverCallback; options?: IntersectionObserverInit } = {}
    globalThis.IntersectionObserver = class {
      constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        seen.callback = cb
        seen.options = init
      }
      observe() {}
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return []
      }
    } as unknown as typeof IntersectionObserver
    const report = (isIntersecting: boolean) => act(() => seen.callback!([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver))
    return { seen, report }
  }

  test('below the fold it waits, then becomes visible at threshold 0.1', async () => {
    const { seen, report } = reportingObserver()
    render(<FadeIn className="tile">Later</FadeIn>)
    const element = screen.getByText('Later')
    // Until the first report it is left as the HTML drew it.
    expect(element.className).not.toContain('fade-in--waiting')
    expect(seen.options?.threshold).toBe(0.1)
    report(false)
    expect(element.className).toContain('fade-in--waiting')
    report(true)
    expect(element.className).toContain('visible')
    expect(element.className).toContain('tile')
  })

  test('on screen from the start it never waits', async () => {
    const { report } = reportingObserver()
    render(<FadeIn>Now</FadeIn>)
    const element = screen.getByText('Now')
    report(true)
    expect(element.className).toContain('visible')
    expect(element.className).not.toContain('fade-in--waiting')
  })

  test('visible in pre-rendered HTML', () => {
    const html = renderToString(<FadeIn>Hi</FadeIn>)
    expect(html).not.toContain('waiting')
    expect(html).toContain('Hi')
  })
})
