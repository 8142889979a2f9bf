// Pure rules about what a notice for visitors may hold, imported by the API and the staff screen (no
// server imports): its limits, which venue it concerns, which links it may carry. Apart from
// notices.ts (which of them show when), so the public pages' first script never carries them.
import { isWebAddress } from './web-address'

/** A notice is one or two sentences at the top of every page; a link is one address. */
export const NOTICE_LIMITS = { text: 280, link: 2000, linkText: 80, dateTime: 64 } as const

/** Which venue a notice concerns: the hotel and cafe, the Stables bar, or both. */
export const NOTICE_VENUES = ['both', 'hotel', 'stables'] as const
export type NoticeVenue = (typeof NOTICE_VENUES)[number]

export const isNoticeVenue = (value: unknown): value is NoticeVenue => NOTICE_VENUES.includes(value as NoticeVenue)

/**
 * What is wrong with a notice's link, for staff to read (null: nothing). Visitors follow it from every
 * page, so only a web address (http:, https:), an email (mailto:), a phone number (tel:) or one of the
 * site's own paths ("/events", never "//elsewhere.example") may be one; javascript:, data: and the
 * like would run or show something the venue never wrote.
 */
export function noticeLinkProblem(link: string): string | null {
  const text = link.trim()
  if (text === '') return null
  const named = `The link “${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`
  if (/[\s<>"]/.test(text)) return `${named} contains spaces or characters a link cannot hold.`
  if (text.startsWith('/')) {
    return text.startsWith('//') || text.startsWith('/\\') ? `${named} leaves the site: write a full address starting with https://.` : null
  }
  if (!URL.canParse(text)) {
    return `${named} is not an address: write one starting with https://, mailto: or tel:, or one of the site's own paths such as /events.`
  }
  const { protocol } = new URL(text)
  if (protocol === 'http:' || protocol === 'https:') return isWebAddress(text) ? null : `${named} has no web site in it.`
  if (protocol === 'mailto:') return /^mailto:[^@\s]+@[^@\s]+$/i.test(text) ? null : `${named} is not an email address (mailto:name@example.com).`
  if (protocol === 'tel:') return /^tel:\+?[0-9 ()-]{3,30}$/i.test(text) ? null : `${named} is not a phone number (tel:+441234567890).`
  return `${named} starts with “${protocol}”, which is not allowed: only https:, http:, mailto:, tel: or one of the site's own paths (starting with one /).`
}
