// The longest text each staff form field may hold: the API refuses longer, the forms stop typing there.
// Pure, imported by the API and the web app alike (no server imports).

/** A place nearby (attraction): name, web address and description. */
export const ATTRACTION_LIMITS = { name: 120, url: 2048, description: 2000 } as const

/** An event: title, description, start date/time as sent, and the ticket link. */
export const EVENT_LIMITS = { title: 200, description: 5000, start: 64, ticketUrl: 2000 } as const

/**
 * Formatted text (a page's body, see formatted-text.ts). The whole text and each block (paragraph, list or
 * quote between blank lines) are capped before parsing: the parser's emphasis matching slows down sharply on
 * long runs of `*` and `_`, so a block stays short enough, and holds few enough marks, to parse in milliseconds. Lists and quotes nest at
 * most `depth` deep, formatting inside a line (bold in a link in italics…) at most `inlineDepth`.
 */
export const FORMATTED_TEXT_LIMITS = { text: 10_000, block: 4000, marks: 300, depth: 4, inlineDepth: 6, link: 2000 } as const

/** A public page's hero and its list items (Stay's rooms and features, the home tiles). */
export const PAGE_LIMITS = {
  title: 120,
  smallHeading: 80,
  intro: 600,
  picture: 300,
  pictureDescription: 300,
  itemTitle: 120,
  itemText: 1000,
  itemWhen: 40,
  items: 24,
  word: 400,
} as const
