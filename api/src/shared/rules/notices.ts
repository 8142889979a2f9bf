// Pure rules about notices for visitors ("The kitchen is closed today until 6 pm"), imported by the API
// and the web app alike (no server imports): their limits, which venue they concern, which links they
// may carry, and which of them show at a given moment.
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

/** A notice as far as its showing goes: the instants it starts and ends at (UTC ISO 8601, so text order is time order). */
export interface NoticeWindow {
  starts_at: string
  ends_at: string
}

/** Whether the notice shows at `now`: from its start (included) until its end (excluded). */
export function isNoticeCurrent(notice: NoticeWindow, now: Date): boolean {
  const at = now.getTime()
  return Date.parse(notice.starts_at) <= at && at < Date.parse(notice.ends_at)
}

/** The notices that show at `now`, in the order given (soonest start first). */
export function currentNotices<T extends NoticeWindow>(notices: readonly T[], now: Date): T[] {
  return notices.filter((notice) => isNoticeCurrent(notice, now))
}

/** The next moment after `now` at which the notices shown change (a start or an end), or null when none will. */
export function nextNoticeChange(notices: readonly NoticeWindow[], now: Date): number | null {
  const at = now.getTime()
  let next: number | null = null
  for (const notice of notices) {
    for (const edge of [Date.parse(notice.starts_at), Date.parse(notice.ends_at)]) {
      if (edge > at && (next === null || edge < next)) next = edge
    }
  }
  return next
}
