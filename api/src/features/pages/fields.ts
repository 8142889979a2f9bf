// Reading a page edit (PUT /api/admin/pages/:page): each field checked, a refusal naming the field and the problem.
import { badRequest } from '../../http/errors'
import { hiddenCharacterProblem } from '../../shared/rules/hidden-characters'
import { PAGE_LIMITS } from '../../shared/rules/field-limits'
import { linkProblem, parseFormattedText } from '../../shared/rules/formatted-text'
import { isSitePicture, isUploadedPicture, PAGE_ITEMS, PAGE_NAMES } from '../../shared/rules/pages'
import type { PageBody, PageKey } from './model'
import type { PageFields } from './store'

/** A field nobody reads is refused rather than dropped: a client sending it expects it saved. */
function refuseUnknown(body: object, known: string[], where: string): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key))
  if (unknown !== undefined) throw badRequest(`${where}unknown field "${unknown}": the fields are ${known.join(', ')}.`)
}

/** A text field trimmed and checked (required, length, no hidden characters), or a 400 naming it. */
export function text(value: string, field: string, max: number, required: boolean, multiline = false): string {
  const trimmed = value.trim()
  const hidden = hiddenCharacterProblem(field, trimmed, { multiline })
  if (hidden) throw badRequest(hidden)
  if (required && !trimmed) throw badRequest(`${field}: cannot be empty.`)
  if (trimmed.length > max) throw badRequest(`${field}: at most ${max} characters (this one has ${trimmed.length}).`)
  return trimmed
}

/** A shipped picture; for the hero (`uploaded`), a picture uploaded for a page too (the route checks it exists). */
function picture(value: string, field: string, uploaded = false): string {
  const path = value.trim()
  if (isSitePicture(path) || (uploaded && isUploadedPicture(path))) return path
  throw badRequest(
    `${field}: "${path.slice(0, 80)}" is not one of the site's pictures (a path like /images/hero-stay.jpg${uploaded ? ', or one uploaded' : ''}).`,
  )
}

function percent(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 100) throw badRequest(`${field}: a whole number from 0 to 100 (percent), not ${value}.`)
  return value
}

type Raw = Record<string, unknown>
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Field by field, names and types, before any rule: the schema alone would silently drop a field it does not know. */
function checkShape(value: unknown, known: Record<string, 'string' | 'number' | 'array' | 'optional string'>, where: string): Raw {
  if (!isObject(value)) throw badRequest(`${where || 'The page '}must be a JSON object of fields.`)
  refuseUnknown(value, Object.keys(known), where)
  for (const [field, kind] of Object.entries(known)) {
    const got = value[field]
    const ok =
      kind === 'optional string' ? got === undefined || got === null || typeof got === 'string' : kind === 'array' ? Array.isArray(got) : typeof got === kind
    if (!ok) throw badRequest(`${where}${field}: ${kind === 'number' ? 'must be a number' : kind === 'array' ? 'must be a list' : 'must be text'}.`)
  }
  return value
}

const PAGE_SHAPE = {
  title: 'string',
  smallHeading: 'string',
  intro: 'string',
  picture: 'string',
  pictureDescription: 'string',
  focalX: 'number',
  focalY: 'number',
  body: 'string',
  items: 'array',
  updated_at: 'optional string',
} as const
const ITEM_SHAPE = { title: 'string', text: 'string', picture: 'optional string', pictureDescription: 'optional string', link: 'optional string' } as const

/** The edit as sent, checked for unknown fields and each field's type: a 400 names the first wrong one. */
export function pageBodyOf(raw: unknown): PageBody {
  const body = checkShape(raw, PAGE_SHAPE, '')
  for (const [index, item] of (body.items as unknown[]).entries()) checkShape(item, ITEM_SHAPE, `items[${index + 1}].`)
  return body as unknown as PageBody
}

function items(page: PageKey, list: PageBody['items']): PageFields['items'] {
  const kind = PAGE_ITEMS[page]
  if (!kind) {
    if (list.length > 0) throw badRequest(`items: the ${PAGE_NAMES[page]} page has no list of items.`)
    return []
  }
  if (list.length > PAGE_LIMITS.items) throw badRequest(`items: at most ${PAGE_LIMITS.items} ${kind.many.toLowerCase()} (this list has ${list.length}).`)
  return list.map((item, index) => {
    const where = `items[${index + 1}].`
    const chosen = item.picture?.trim() ? picture(item.picture, `${where}picture`) : null
    const link = item.link?.trim() || null
    const problem = link === null ? null : linkProblem(link)
    if (problem) throw badRequest(`${where}link: ${problem}`)
    return {
      title: text(item.title, `${where}title`, PAGE_LIMITS.itemTitle, true),
      text: text(item.text, `${where}text`, PAGE_LIMITS.itemText, true, true),
      picture: chosen,
      pictureDescription: chosen ? text(item.pictureDescription ?? '', `${where}pictureDescription`, PAGE_LIMITS.pictureDescription, true) : '',
      link,
    }
  })
}

/** The edit as the fields to save, or a 400 saying which field is wrong and how. */
export function readPageFields(page: PageKey, body: PageBody): PageFields {
  const hiddenInBody = hiddenCharacterProblem('body', body.body, { multiline: true })
  if (hiddenInBody) throw badRequest(hiddenInBody)
  const parsed = parseFormattedText(body.body)
  if (!parsed.ok) throw badRequest(`body: ${parsed.error}`)
  return {
    title: text(body.title, 'title', PAGE_LIMITS.title, true),
    small_heading: text(body.smallHeading, 'smallHeading', PAGE_LIMITS.smallHeading, false),
    intro: text(body.intro, 'intro', PAGE_LIMITS.intro, false, true),
    picture: picture(body.picture, 'picture', true),
    picture_description: text(body.pictureDescription, 'pictureDescription', PAGE_LIMITS.pictureDescription, true),
    focal_x: percent(body.focalX, 'focalX'),
    focal_y: percent(body.focalY, 'focalY'),
    body: body.body.replace(/\r\n?/g, '\n').trim(),
    items: items(page, body.items),
  }
}
