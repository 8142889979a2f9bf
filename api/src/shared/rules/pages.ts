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

/**
 * The pages that show a list of items, and what one is called there (Stay's rooms and features, the home
 * tiles, the serving times of the cafe and the bar); `when`: the items also say when ("from 8am").
 */
export const PAGE_ITEMS: Partial<Record<PageKey, { one: string; many: string; when?: boolean }>> = {
  home: { one: 'tile', many: 'Tiles' },
  drink: { one: 'serving time', many: 'Serving times', when: true },
  eat: { one: 'serving time', many: 'Serving times', when: true },
  stay: { one: 'room or feature', many: 'Rooms and features' },
}

/** One of a page's short words beside its hero and body: a section's heading, the line above it, a button. */
export interface PageWord {
  key: string
  /** How the staff screen names it. */
  label: string
  /** Whether the page needs it (a heading); one left empty is simply not shown. */
  required?: boolean
}

const eyebrow = (label: string): PageWord => ({ key: 'eyebrow', label: `Line above the text (${label})` })
const contactForm: PageWord[] = [
  { key: 'contactHeading', label: 'Message form: heading', required: true },
  { key: 'contactIntro', label: 'Message form: introduction' },
]

/** Each page's short words, in the order the page shows them. */
export const PAGE_WORDS: Record<PageKey, readonly PageWord[]> = {
  home: [
    { key: 'galleryHeading', label: 'Gallery: heading', required: true },
    { key: 'galleryIntro', label: 'Gallery: introduction' },
    { key: 'giftCardHeading', label: 'Gift cards: heading', required: true },
    { key: 'giftCardText', label: 'Gift cards: text' },
    ...contactForm,
  ],
  about: [
    { key: 'stayButton', label: 'Button to the Stay page', required: true },
    { key: 'contactButton', label: 'Button to the Contact page', required: true },
  ],
  drink: [eyebrow('e.g. Ales, fires & pub grub'), { key: 'galleryHeading', label: 'Gallery: heading', required: true }, ...contactForm],
  eat: [eyebrow('e.g. Breakfast & lunch'), { key: 'galleryHeading', label: 'Gallery: heading', required: true }, ...contactForm],
  stay: [
    eyebrow('e.g. Our rooms'),
    { key: 'bookingEyebrow', label: 'Booking: line above the heading' },
    { key: 'bookingHeading', label: 'Booking: heading', required: true },
    { key: 'bookingText', label: 'Booking: text before the phone number' },
  ],
  events: [eyebrow('e.g. Coming up'), { key: 'galleryHeading', label: 'Past events gallery: heading', required: true }],
  around: [eyebrow('e.g. Nearby')],
  contact: [{ key: 'contactIntro', label: 'Message form: introduction' }],
}

/** A page's words as sent and kept: its keys are those PAGE_WORDS gives the page. */
export type PageWordValues = Record<string, string>

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
