// Text in the activity trail can come from anyone (a failed login's username, a contact name in a
// summary). Both sides clean it the same way: the server before it is written, the staff screen for
// entries an older version wrote.

/**
 * C0 and C1 controls (Unicode's Cc, DEL with them), zero-width characters and bidirectional
 * controls: they can hide text, forge a second line ("…\nLogged in from …") or turn the rest of an
 * entry around (U+202E).
 */
const HIDDEN_OR_STEERING = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu

/** The text with every control, zero-width and bidi character removed; line breaks and tabs become spaces. */
export function plainTrailText(text: string): string {
  return text.replace(/[\t\n\r\v\f\u0085\u2028\u2029]+/g, ' ').replace(HIDDEN_OR_STEERING, '')
}
