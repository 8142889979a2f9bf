// The public pages whose words and hero staff change (the pages feature). Pure: the API and the web app import it.

export const PAGE_KEYS = ['home', 'about', 'drink', 'eat', 'stay', 'events', 'around', 'contact'] as const
export type PageKey = (typeof PAGE_KEYS)[number]

/** How the staff screen and the activity trail name each page. */
export const PAGE_NAMES: Record<PageKey, string> = {
  home: 'Home',
  about: 'About',
  drink: 'Drink',
  eat: 'Eat',
  stay: 'Stay',
  events: 'Events',
  around: 'Around',
  contact: 'Contact',
}

/** The pages that show a list of items, and what one is called there (Stay's rooms and features, the home tiles). */
export const PAGE_ITEMS: Partial<Record<PageKey, { one: string; many: string }>> = {
  home: { one: 'tile', many: 'Tiles' },
  stay: { one: 'room or feature', many: 'Rooms and features' },
}

export const isPageKey = (value: string): value is PageKey => (PAGE_KEYS as readonly string[]).includes(value)

/** The focal point (percent from the left, from the top) as CSS object-position: which part of the picture a phone's crop keeps. */
export const focalPosition = (x: number, y: number) => `${x}% ${y}%`

/**
 * A hero or item picture is one of the site's shipped pictures (web/public/images, with the AVIF and WebP
 * copies the build makes); a hero may also be a picture staff uploaded for it (isUploadedPicture).
 */
export const isSitePicture = (path: string) => /^\/images\/[a-z0-9][a-z0-9-]{0,80}\.jpg$/.test(path)

/** A picture staff uploaded (through the file worker: re-encoded, its sizes made on demand), by its address. */
export const isUploadedPicture = (path: string) => /^\/files\/[a-f0-9]{32}\.(jpg|png|webp)$/.test(path)
