// The rules a staff password must meet that the staff screens can check as it is typed; the server
// checks them again, and adds the strength estimate (auth/password-policy.ts), whose dictionaries are
// too heavy for any page.

export const MIN_PASSWORD_LENGTH = 12
/** In UTF-16 code units, not characters: it bounds the work a password costs, and one character can be any number of them. */
export const MAX_PASSWORD_LENGTH = 1000
/** The development account's published password: no one may choose it, since anyone can read it. */
export const DEMO_PASSWORD = 'change-me-please'

export const DEMO_PASSWORD_MESSAGE = 'The password must not contain the published demo password: anyone can read it. Please choose another one.'

// A browser without Intl.Segmenter (before Firefox 125) counts code points: still one per emoji, if
// not per flag or accented letter, and the server counts again.
const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null

/** Characters as people see them: an emoji, a flag or a letter with its accent is one. */
export function visibleLength(text: string): number {
  if (!graphemes) return [...text].length
  let count = 0
  for (const _ of graphemes.segment(text)) count++
  return count
}

/**
 * Letters and digits only, lower case, as people read them: 'Larkdale Hotel', 'larkdale-hotel',
 * 'LarkdaleHotel', 'Larkdale\u200bHotel' and full-width 'Ｌａｒｋｄａｌｅ Hotel' read the same.
 */
const squeezed = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

/**
 * Why the password is refused, or null when these rules allow it. `venueNames` are the venue's own
 * names (the hotel, the bar): the first words anyone guessing would try.
 */
export function passwordRuleBroken(password: string, username: string, venueNames: readonly string[] = []): string | null {
  if (visibleLength(password) < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`
  const name = username.trim().toLowerCase()
  // A very short username (say 'jo') would rule out too many good passwords; then only the name itself is refused.
  const containsName = name.length >= 3 ? password.toLowerCase().includes(name) : password.toLowerCase() === name
  if (containsName) return 'The password must not contain the username.'
  const plain = squeezed(password)
  // Held anywhere, however dressed ('Change me please!', 'changemeplease2024'): the first guess of anyone who read it.
  if (plain.includes(squeezed(DEMO_PASSWORD))) return DEMO_PASSWORD_MESSAGE
  const venueName = venueNames.find((venue) => squeezed(venue).length >= 3 && plain.includes(squeezed(venue)))
  if (venueName) return `The password must not contain the venue's name (${venueName}): it is the first thing anyone guessing would try.`
  return null
}
