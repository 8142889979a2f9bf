/**
 * The tags in a public page's <head> that search engines and link previews read: the canonical
 * address, the description, Open Graph and the Twitter card. Written once here for the web build
 * (web/build/prerender.ts writes each page's block with the build's SITE_URL) and for the server
 * (api/src/features/seo/current-page-meta.ts replaces the block with the configured SITE_URL, and for an event's
 * share link with that event's). Plain data in, plain text out: no server imports.
 */
import type { Venue } from './venue'
import { barePath } from './site-routes'
import { SITE_PICTURES } from './rules/site-pictures'

/** The size link previews show best (Facebook, WhatsApp, LinkedIn, X's large card). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const

/** Where the build writes a shipped picture's share copy: /images/hero-eat.jpg gives /images/og/hero-eat.jpg. */
export function staticShareImage(src: string): string {
  return src.replace(/^\/images\/([\w-]+)\.(jpe?g|png)$/i, '/images/og/$1.jpg')
}

/** An event's share link: a query, not a fragment, so the server sees which event it is. */
export function eventSharePath(id: number): string {
  return `/events?event=${id}`
}

/** The event a share link names, if the query holds a plausible id. */
export function sharedEventId(search: URLSearchParams): number | null {
  const value = search.get('event') ?? ''
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}

export interface PageMeta {
  /** The page's path: its canonical address is SITE_URL + path. */
  path: string
  /** What og:url says: the path, or an event's share link. */
  url: string
  title: string
  description: string
  /** A site path to a 1200×630 JPEG. */
  image: string
  imageAlt: string
}

interface PageFacts {
  description: (venue: Venue) => string
  /** The page's hero, the picture its share card shows. */
  hero: string
  heroAlt: (venue: Venue) => string
}

const where = (venue: Venue) => `${venue.address.locality}, ${venue.address.region}`

/**
 * Every public page's description and picture (its hero, as the page component shows it). Venue names
 * may start with "The" ("The Stables bar"): never put an article in front of one.
 */
const PAGES: Record<string, PageFacts> = {
  '/': {
    description: (v) => `${v.hotelName} and ${v.barName}: rooms, a cafe and a bar in ${where(v)}. Opening times, events, menus and how to find us.`,
    hero: '/images/hero-home.jpg',
    heroAlt: (v) => `The dale around ${v.hotelName} in morning light`,
  },
  '/about': {
    description: (v) => `Who we are: ${v.hotelName} and ${v.barName}, a countryside hotel, cafe and bar in ${where(v)}.`,
    hero: '/images/hero-drink.jpg',
    heroAlt: () => 'The hills at sunset',
  },
  '/eat': {
    description: (v) =>
      `Breakfast, lunch and cake in the cafe at ${v.hotelName}, ${v.address.locality}: the cafe menu, when food is served and photos from the cafe.`,
    hero: '/images/hero-eat.jpg',
    heroAlt: () => 'Green hills under a clear morning sky',
  },
  '/drink': {
    description: (v) => `${v.barName} in ${v.address.locality}: local ales by the fire, the bar menu, opening times and photos from inside.`,
    hero: '/images/hero-drink.jpg',
    heroAlt: () => 'The hills at sunset',
  },
  '/stay': {
    description: (v) => `Rooms at ${v.hotelName} in ${where(v)}: see the rooms, check availability and book your stay online.`,
    hero: '/images/hero-stay.jpg',
    heroAlt: () => 'Soft morning light over the dale',
  },
  '/events': {
    description: (v) => `What’s on at ${v.hotelName} and ${v.barName}: upcoming events with dates, tickets and how to book, and photos of past ones.`,
    hero: '/images/hero-events.jpg',
    heroAlt: () => 'The dale at dusk under a darkening sky',
  },
  '/around': {
    description: (v) => `Things to do near ${v.hotelName}: walks, villages and places to visit around ${where(v)}.`,
    hero: '/images/hero-around.jpg',
    heroAlt: () => 'Rolling green hills under a blue sky',
  },
  '/contact': {
    description: (v) => `Opening times and bank-holiday hours of ${v.hotelName} and ${v.barName}, our phone number and address, and a form to write to us.`,
    hero: '/images/hero-contact.jpg',
    heroAlt: (v) => `The front door of ${v.hotelName}`,
  },
  '/menu/menu1': {
    description: (v) => `The menu of ${v.barName}, with prices: read it as text on your phone or open the original PDF.`,
    hero: '/images/hero-drink.jpg',
    heroAlt: () => 'The hills at sunset',
  },
  '/menu/menu2': {
    description: (v) => `The cafe menu of ${v.hotelName}, with prices: breakfasts, lunches and cakes, as text on your phone or as the original PDF.`,
    hero: '/images/hero-eat.jpg',
    heroAlt: () => 'Green hills under a clear morning sky',
  },
}

/** The shipped pictures that share cards use: the build makes a 1200×630 copy of each (any of them may be a page's hero). */
export const SHARE_SOURCE_IMAGES: readonly string[] = SITE_PICTURES

/** What staff wrote for a page (the pages feature): its intro and hero picture, with the picture's description. */
export interface PageWords {
  intro: string
  picture: string
  pictureDescription: string
  /** The 1200×630 copy of a picture staff uploaded (a site path), when it has one. */
  shareImage?: string
}

/**
 * Counted and cut by what a reader sees as one character (grapheme clusters): a cut inside an emoji
 * made of several code points (a family, a skin tone, a flag) would show another emoji, or half of one.
 */
function shortened(text: string, limit: number): string {
  const characters = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text.replace(/\s+/g, ' ').trim())].map((part) => part.segment)
  if (characters.length <= limit) return characters.join('')
  const kept = characters.slice(0, limit - 1)
  const lastSpace = kept.lastIndexOf(' ')
  return `${(lastSpace > limit / 2 ? kept.slice(0, lastSpace) : kept).join('').trimEnd()}…`
}

/**
 * A page's tags as its own words have them: staff's intro is its description (search results show
 * about 160 characters), its hero is its share picture when the build made a share copy of it.
 */
export function withPageWords(meta: PageMeta, words: PageWords): PageMeta {
  const description = words.intro.trim() === '' ? meta.description : shortened(words.intro, 160)
  const image = words.shareImage ?? (SHARE_SOURCE_IMAGES.includes(words.picture) ? staticShareImage(words.picture) : null)
  if (!image) return { ...meta, description }
  return { ...meta, description, image, imageAlt: words.pictureDescription || meta.imageAlt }
}

/** A public page's tags; `title` is its document title (the build's pageTitle, read from the page). */
export function pageMetaFor(path: string, title: string, venue: Venue): PageMeta {
  const bare = barePath(path)
  const facts = PAGES[bare]
  if (!facts) throw new Error(`page-meta: no description for the public page ${bare}; add it to PAGES`)
  return { path: bare, url: bare, title, description: facts.description(venue), image: staticShareImage(facts.hero), imageAlt: facts.heroAlt(venue) }
}

/** Whether a public page has tags here (every pre-rendered page must). */
export function hasPageFacts(path: string): boolean {
  return Object.hasOwn(PAGES, barePath(path))
}

export interface SharedEvent {
  id: number
  title: string
  description: string
  /** A site path to its 1200×630 share picture, or null for an event without a picture. */
  image: string | null
}

/** The events page's tags for one event's share link: its title, description and picture. */
export function eventShareMeta(events: PageMeta, event: SharedEvent): PageMeta {
  // Counted and cut by characters (code points): a cut inside an emoji would leave half of it, shown as �.
  const description = [...event.description.replace(/\s+/g, ' ').trim()]
  return {
    ...events,
    url: eventSharePath(event.id),
    title: event.title,
    description: description.length > 200 ? `${description.slice(0, 199).join('').trimEnd()}…` : description.join(''),
    image: event.image ?? events.image,
    imageAlt: event.image ? `Poster for ${event.title}` : events.imageAlt,
  }
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

const START = /<!--page-meta:([^>]*?)-->/
const BLOCK = /<!--page-meta:[^>]*?-->[\s\S]*?<!--\/page-meta-->/

/** The block of tags, between markers that name the page's path (the server finds and replaces it). */
export function pageMetaBlock(meta: PageMeta, siteUrl: string, venue: Venue): string {
  const absolute = (path: string) => `${siteUrl}${path}`
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeAttribute(content)}">`
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeAttribute(content)}">`
  const image = absolute(meta.image)
  return [
    `<!--page-meta:${meta.path.replaceAll('-->', '')}-->`,
    `<link rel="canonical" href="${escapeAttribute(absolute(meta.path))}">`,
    named('description', meta.description),
    property('og:type', 'website'),
    property('og:site_name', venue.hotelName),
    property('og:locale', 'en_GB'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', absolute(meta.url)),
    property('og:image', image),
    property('og:image:type', 'image/jpeg'),
    property('og:image:width', String(SHARE_IMAGE_SIZE.width)),
    property('og:image:height', String(SHARE_IMAGE_SIZE.height)),
    property('og:image:alt', meta.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    named('twitter:image:alt', meta.imageAlt),
    '<!--/page-meta-->',
  ].join('')
}

/** The path of the page a built document is, from its block's marker; null for a page without one (the shell, 404). */
export function pageMetaPath(html: string): string | null {
  return START.exec(html)?.[1] ?? null
}

/** The document's title, as the build wrote it (entities left as they are: the block escapes again). */
export function documentTitle(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  return title.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&')
}

/** What the server puts in a page's <head>: its tags' block and its document title, with the venue's current names. */
export interface CurrentMeta {
  block: string
  title: string
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The document with its <title> replaced (a function replacement: `$` in the text stays as it is). */
export const withTitle = (html: string, title: string) => html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)

/** The document with its block and <title> replaced. */
export function withPageMeta(html: string, meta: CurrentMeta): string {
  return withTitle(
    html.replace(BLOCK, () => meta.block),
    meta.title,
  )
}

/**
 * A title the build wrote with the names it had (`built`) as it reads with the current ones: the build
 * ran with the same venue.json the database was seeded from, so its names are the seed's.
 */
export function titleWithNames(title: string, built: Pick<Venue, 'hotelName' | 'barName'>, current: Pick<Venue, 'hotelName' | 'barName'>): string {
  const names = [
    [built.hotelName, current.hotelName],
    [built.barName, current.barName],
  ].filter(([from]) => from !== '')
  if (names.every(([from, to]) => from === to)) return title
  // One pass over both names: a new hotel name that contains the old bar name is not replaced again.
  const pattern = new RegExp(names.map(([from]) => from!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  return title.replace(pattern, (found) => names.find(([from]) => from === found)![1]!)
}
