// Alt text staff write for a picture (gallery, attraction, event), checked the same way by the form and the API.

/** Screen readers read alt text in one go; a sentence or two is what helps, so longer text is refused. */
export const ALT_TEXT_MAX = 250

export const ALT_TEXT_TOO_LONG = `The description (alt text) must be at most ${ALT_TEXT_MAX} characters.`

/** What the forms say beside the field. */
export const ALT_TEXT_HINT =
  'Describe what the picture shows for people who cannot see it, in a sentence: who or what, where, and anything worth noticing (e.g. "Log fire in the Stables bar with two armchairs"). Do not start with "Photo of". Leave it empty to use a general description.'

/** Shown on staff lists for a picture with no description written by staff. */
export const NO_DESCRIPTION = 'No description'

/**
 * Characters nobody can see that still change what is heard or shown: control characters (NUL, BEL,
 * NEL …; line breaks and tabs are made spaces before), zero-width spaces and bidi embeddings, overrides and isolates, which
 * can make a description display reversed in staff lists. Dropped, never stored.
 */
const INVISIBLE = /[\p{Cc}\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/gu

/** The text as stored: trimmed, runs of spaces and line breaks made one space, invisible controls dropped; empty means none (null: the generated default). */
export function normalizeAltText(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim()
  return text === '' ? null : text
}

/** What is wrong with the text staff typed (null: nothing). */
export function altTextProblem(value: string | null | undefined): string | null {
  const text = normalizeAltText(value)
  return text !== null && text.length > ALT_TEXT_MAX ? ALT_TEXT_TOO_LONG : null
}

/**
 * A gallery picture's version for an edit of its description: the description is the only field of
 * a picture staff edit, so the text it was read with is the version (sent as If-Match, hence encoded:
 * a header carries no free text). No description and an empty one are the same version.
 */
export function altTextVersion(stored: string | null | undefined): string {
  return encodeURIComponent(normalizeAltText(stored) ?? '')
}
