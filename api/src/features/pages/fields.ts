// Reading a page edit (PUT /api/admin/pages/:page): each field checked, a refusal naming the field and the problem.
import { badRequest } from '../../http/errors'
import { checkPageEdit, checkPictureDescription } from '../../shared/rules/page-fields'
import type { PageBody, PageKey } from './model'
import type { PageFields } from './store'

/** A field nobody reads is refused rather than dropped: a client sending it expects it saved. */
function refuseUnknown(body: object, known: string[], where: string): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key))
  if (unknown !== undefined) throw badRequest(`${where}unknown field "${unknown}": the fields are ${known.join(', ')}.`)
}

type Raw = Record<string, unknown>
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Field by field, names and types, before any rule: the schema alone would silently drop a field it does not know. */
type Shape = 'string' | 'number' | 'array' | 'optional string' | 'optional object'

const WRONG_TYPE: Record<Shape, string> = {
  string: 'must be text',
  'optional string': 'must be text',
  number: 'must be a number',
  array: 'must be a list',
  'optional object': 'must be an object of texts',
}

function hasShape(got: unknown, kind: Shape): boolean {
  if (kind === 'optional string') return got === undefined || got === null || typeof got === 'string'
  if (kind === 'optional object') return got === undefined || (isObject(got) && Object.values(got).every((value) => typeof value === 'string'))
  return kind === 'array' ? Array.isArray(got) : typeof got === kind
}

function checkShape(value: unknown, known: Record<string, Shape>, where: string): Raw {
  if (!isObject(value)) throw badRequest(`${where || 'The page '}must be a JSON object of fields.`)
  refuseUnknown(value, Object.keys(known), where)
  for (const [field, kind] of Object.entries(known)) {
    if (!hasShape(value[field], kind)) throw badRequest(`${where}${field}: ${WRONG_TYPE[kind]}.`)
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
  words: 'optional object',
  updated_at: 'optional string',
} as const
const ITEM_SHAPE = {
  title: 'string',
  text: 'string',
  picture: 'optional string',
  pictureDescription: 'optional string',
  link: 'optional string',
  when: 'optional string',
} as const

/** The edit as sent, checked for unknown fields and each field's type: a 400 names the first wrong one. */
export function pageBodyOf(raw: unknown): PageBody {
  const body = checkShape(raw, PAGE_SHAPE, '')
  for (const [index, item] of (body.items as unknown[]).entries()) checkShape(item, ITEM_SHAPE, `items[${index + 1}].`)
  return body as unknown as PageBody
}

/** The edit as the fields to save, or a 400 saying which field is wrong and how (the rule the staff screen checks with too). */
export function readPageFields(page: PageKey, body: PageBody): PageFields {
  const checked = checkPageEdit(page, body)
  if (!checked.ok) throw badRequest(checked.error)
  const { title, smallHeading, intro, picture, pictureDescription, focalX, focalY, body: text, items, words } = checked.page
  return {
    title,
    small_heading: smallHeading,
    intro,
    picture,
    picture_description: pictureDescription,
    focal_x: focalX,
    focal_y: focalY,
    body: text,
    items,
    words,
  }
}

/** A hero picture's description, trimmed, or a 400 saying why not. */
export function readPictureDescription(value: string): string {
  const checked = checkPictureDescription(value)
  if (!checked.ok) throw badRequest(checked.error)
  return checked.value
}
