// A page edit's rules (PUT /api/admin/pages/:page): the server refuses with the first problem, and the
// staff screen says the same before sending (offline, a change kept on the device would only be refused
// later). Pure; it brings the formatted-text parser, so only the API and the staff screens import it.
import { PAGE_LIMITS } from './field-limits'
import { linkProblem, parseFormattedText } from './formatted-text'
import { hiddenCharacterProblem } from './hidden-characters'
import { isSitePicture, isUploadedPicture, PAGE_ITEMS, PAGE_NAMES, PAGE_WORDS, type PageKey, type PageWordValues } from './pages'

/** One item of a page's list as sent (a Stay room or feature, a home tile). */
export interface PageEditItem {
  title: string
  text: string
  picture?: string | null
  pictureDescription?: string
  link?: string | null
  /** When it is served ("from 8am"), on pages whose items say so. */
  when?: string
}

/** A page's words and hero as sent: every field at once. */
export interface PageEdit {
  title: string
  smallHeading: string
  intro: string
  picture: string
  pictureDescription: string
  focalX: number
  focalY: number
  body: string
  items: PageEditItem[]
  /** The page's short words (PAGE_WORDS); an edit queued before they existed has none, and keeps those saved. */
  words?: PageWordValues
}

export type CleanPageItem = { title: string; text: string; picture: string | null; pictureDescription: string; link: string | null; when: string }
export type CleanPageEdit = Omit<PageEdit, 'items'> & { items: CleanPageItem[] }

/** The edit as it is saved (trimmed), or the first field at fault (`items[2].title`) and why. */
export type PageEditResult = { ok: true; page: CleanPageEdit } | { ok: false; field: string; error: string }

/** Stops the check at the first field at fault; `message` already names the field. */
class Refused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

const refuse = (field: string, reason: string) => new Refused(field, `${field}: ${reason}`)

/** A text field trimmed and checked: no hidden characters, required, at most `max` characters. */
function text(value: string, field: string, max: number, required: boolean, multiline = false): string {
  const trimmed = value.trim()
  const hidden = hiddenCharacterProblem(field, trimmed, { multiline })
  if (hidden) throw new Refused(field, hidden)
  if (required && !trimmed) throw refuse(field, 'cannot be empty.')
  if (trimmed.length > max) throw refuse(field, `at most ${max} characters (this one has ${trimmed.length}).`)
  return trimmed
}

/** A shipped picture; for the hero (`uploaded`), a picture uploaded for a page too (the server checks it exists). */
function picture(value: string, field: string, uploaded = false): string {
  const path = value.trim()
  if (isSitePicture(path) || (uploaded && isUploadedPicture(path))) return path
  const example = `a path like /images/hero-stay.jpg${uploaded ? ', or one uploaded' : ''}`
  throw refuse(field, `"${path.slice(0, 80)}" is not one of the site's pictures (${example}).`)
}

function percent(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 100) throw refuse(field, `a whole number from 0 to 100 (percent), not ${value}.`)
  return value
}

function items(page: PageKey, list: PageEditItem[]): CleanPageItem[] {
  const kind = PAGE_ITEMS[page]
  if (!kind) {
    if (list.length > 0) throw refuse('items', `the ${PAGE_NAMES[page]} page has no list of items.`)
    return []
  }
  if (list.length > PAGE_LIMITS.items) throw refuse('items', `at most ${PAGE_LIMITS.items} ${kind.many.toLowerCase()} (this list has ${list.length}).`)
  return list.map((item, index) => {
    const where = `items[${index + 1}].`
    const chosen = item.picture?.trim() ? picture(item.picture, `${where}picture`) : null
    const link = item.link?.trim() || null
    if (!kind.when && item.when?.trim()) throw refuse(`${where}when`, `the ${PAGE_NAMES[page]} page's ${kind.many.toLowerCase()} do not say when.`)
    const problem = link === null ? null : linkProblem(link)
    if (problem) throw refuse(`${where}link`, problem)
    return {
      title: text(item.title, `${where}title`, PAGE_LIMITS.itemTitle, true),
      text: text(item.text, `${where}text`, PAGE_LIMITS.itemText, true, true),
      picture: chosen,
      pictureDescription: chosen ? text(item.pictureDescription ?? '', `${where}pictureDescription`, PAGE_LIMITS.pictureDescription, true) : '',
      link,
      when: kind.when ? text(item.when ?? '', `${where}when`, PAGE_LIMITS.itemWhen, false) : '',
    }
  })
}

/** The page's words: only those it has, each trimmed and checked; a required one cannot be empty. */
function words(page: PageKey, given: PageWordValues | undefined): PageWordValues | undefined {
  if (given === undefined) return undefined
  const known = PAGE_WORDS[page]
  const unknown = Object.keys(given).find((key) => !known.some((word) => word.key === key))
  if (unknown !== undefined) {
    const keys = known.map((word) => word.key).join(', ') || 'none'
    throw refuse('words', `the ${PAGE_NAMES[page]} page has no words called "${unknown.slice(0, 40)}" (it has ${keys}).`)
  }
  return Object.fromEntries(known.map((word) => [word.key, text(String(given[word.key] ?? ''), `words.${word.key}`, PAGE_LIMITS.word, word.required === true)]))
}

/** A picture's description (the hero upload sends one with its file), trimmed, or why not. */
export function checkPictureDescription(value: string): { ok: true; value: string } | { ok: false; error: string } {
  try {
    return { ok: true, value: text(value, 'pictureDescription', PAGE_LIMITS.pictureDescription, true) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.message }
    throw error
  }
}

/** Each field checked in the order the screen shows them; the body parsed as the public page will show it. */
export function checkPageEdit(page: PageKey, edit: PageEdit): PageEditResult {
  try {
    const title = text(edit.title, 'title', PAGE_LIMITS.title, true)
    const smallHeading = text(edit.smallHeading, 'smallHeading', PAGE_LIMITS.smallHeading, false)
    const intro = text(edit.intro, 'intro', PAGE_LIMITS.intro, false, true)
    const chosen = picture(edit.picture, 'picture', true)
    const pictureDescription = text(edit.pictureDescription, 'pictureDescription', PAGE_LIMITS.pictureDescription, true)
    const focalX = percent(edit.focalX, 'focalX')
    const focalY = percent(edit.focalY, 'focalY')
    const hiddenInBody = hiddenCharacterProblem('body', edit.body, { multiline: true })
    if (hiddenInBody) throw new Refused('body', hiddenInBody)
    const parsed = parseFormattedText(edit.body)
    if (!parsed.ok) throw refuse('body', parsed.error)
    const body = edit.body.replace(/\r\n?/g, '\n').trim()
    const checkedItems = items(page, edit.items)
    const clean = { title, smallHeading, intro, picture: chosen, pictureDescription, focalX, focalY, body, items: checkedItems, words: words(page, edit.words) }
    return { ok: true, page: clean }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, field: error.field, error: error.message }
    throw error
  }
}
