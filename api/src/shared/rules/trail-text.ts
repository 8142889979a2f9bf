// Text in the activity trail can come from anyone (a failed login's username, a contact name in a
// summary). Both sides clean it the same way: the server before it is written, the staff screen for
// entries an older version wrote.

/**
 * Controls (Unicode's Cc: C0, DEL, C1) and every format character (Cf: zero-width characters, bidi
 * controls, soft hyphen, word joiner, tags…), and the combining grapheme joiner: they can hide text,
 * forge a second line ("…\nLogged in from …") or turn the rest of an entry around (U+202E). A
 * category, not a list, so none is missed; emoji joined by U+200D fall apart into their parts here.
 */
const HIDDEN_OR_STEERING = /[\p{Cc}\p{Cf}]|\u034F/gu

/** The text with every control and format character removed; line breaks and tabs become spaces. */
export function plainTrailText(text: string): string {
  return text.replace(/[\t\n\r\v\f\u0085\u2028\u2029]+/g, ' ').replace(HIDDEN_OR_STEERING, '')
}
