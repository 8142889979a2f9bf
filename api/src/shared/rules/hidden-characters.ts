// Pure rule, imported by the API and the staff screens: characters nobody can see have no place in what visitors read.

/**
 * Control characters (NUL, line breaks in a one-line field, escape…), zero-width spaces and joiners
 * that are not part of an emoji or a script (U+200B, U+2060, U+FEFF) and direction overrides
 * (U+202A–U+202E, U+2066–U+2069), which can make a name read backwards or hide part of a link.
 * U+200C/U+200D stay: Persian and Indic words and emoji sequences need them. A lone surrogate (half an
 * emoji, "\ud800" in JSON) is no character at all: strict JSON readers refuse it and pages show "�".
 * In a one-line field, the line and paragraph separators (U+2028, U+2029) break it like a line break.
 */
const IN_ONE_LINE = /[\p{Cc}\p{Cs}\u2028\u2029\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/u
/** The same, but line breaks and tabs are part of a longer text (a page's body, an intro). */
const IN_LONGER_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cs}\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/u

/** "<label> contains an invisible or control character …", or null when the text has none. */
export function hiddenCharacterProblem(label: string, value: string, { multiline = false } = {}): string | null {
  const found = (multiline ? IN_LONGER_TEXT : IN_ONE_LINE).exec(value)
  if (!found) return null
  const code = `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  const lineBreak = ['\n', '\r', '\u2028', '\u2029'].includes(found[0]) ? ', a line break' : ''
  return `${label} contains an invisible or control character (${code}${lineBreak}): remove it and save again.`
}
