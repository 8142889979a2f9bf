/** The page editor's values and how they are sent: through the outbox, with the version and fields they started from. */
import type { PageReply, StaffPage } from '../../../api/types'
import type { PageEdit } from '../../../../../api/src/shared/rules/page-fields'
import { PAGE_ITEMS, PAGE_NAMES, PAGE_WORDS, type PageKey } from '../../../../../api/src/shared/rules/pages'
import { mutate, versionMadeBy } from '../../adminApi'
import { pageEditOf, pageEditPath, type PageMeta } from './changes'

/** The editor's values: the edit itself (a type, not an interface, so the form's generic helpers take it). */
export type PageValues = { [K in keyof PageEdit]: PageEdit[K] }

/** What the editor was filled from, and its version (none when filled from a change still waiting on the device). */
/** `madeBy`: standing on this form's own edit kept on the device (the outbox entry's id), whose version comes when it lands. */
export type FilledFrom = { edit: PageEdit; version?: string; madeBy?: string }

export const filledFromPage = (page: StaffPage): FilledFrom => ({ edit: pageEditOf(page), version: page.updated_at })

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields an edit changes from what it started from (every field when it started from a queued change). */
export function changedFields(values: PageEdit, from: FilledFrom | null): string[] {
  const fields = Object.keys(values) as (keyof PageEdit)[]
  return from ? fields.filter((field) => !same(values[field], from.edit[field])) : fields
}

/**
 * The form's values moved onto a newer version of the page: a field staff left as it was takes the new
 * value, a field they changed keeps theirs. Null when a field was changed both here and there to
 * different values: that is for staff to choose (the save meets the newer version and asks).
 */
export function rebasedValues(values: PageValues, base: PageEdit, server: PageEdit): PageValues | null {
  const next = { ...values }
  for (const field of Object.keys(server) as (keyof PageEdit)[]) {
    const changedHere = !same(values[field], base[field])
    const changedThere = !same(server[field], base[field])
    if (changedHere && changedThere && !same(values[field], server[field])) return null
    if (!changedHere) (next as Record<string, unknown>)[field] = server[field]
  }
  return next
}

/** Sends the page's words; another member's change to a field this edit left alone is kept, not overwritten. */
export function sendPage(page: PageKey, values: PageValues, from: FilledFrom | null): Promise<PageReply> {
  const meta: PageMeta = { kind: 'page', op: 'update', page, fields: changedFields(values, from) }
  return mutate<PageReply>({
    method: 'PUT',
    path: pageEditPath(page),
    body: { ...values },
    label: `${PAGE_NAMES[page]} page words`,
    // Its own kept edit landed: the version that edit made (until then the outbox carries it on: versions.ts).
    baseVersion: (from?.madeBy && versionMadeBy(from.madeBy)) || from?.version || undefined,
    base: from ? { ...from.edit } : undefined,
    record: `page:${page}`,
    versionField: 'page.updated_at',
    meta,
  })
}

const FIELD_IN_MESSAGE =
  /^(title|smallHeading|intro|picture|pictureDescription|focalX|focalY|body|words(?:\.([a-zA-Z]+))?|items(?:\[(\d+)\]\.([a-zA-Z]+))?)(:| contains)/

/** The field a refusal names ("items[2].link: …" → "items[2].link"), to mark it on screen. */
export const fieldOfMessage = (message: string): string | null => FIELD_IN_MESSAGE.exec(message)?.[1] ?? null

/** The screen's label of each field the rules name (an item's fields after its place in the list). */
const LABELS: Record<string, string> = {
  title: 'Title',
  smallHeading: 'Small heading',
  intro: 'Introduction',
  picture: 'Picture',
  pictureDescription: 'What the picture shows',
  focalX: 'The part a phone keeps (from the left)',
  focalY: 'The part a phone keeps (from the top)',
  body: 'Text of the page',
  text: 'Text',
  link: 'Link',
  when: 'When',
  words: 'Other words on the page',
}

/**
 * A refusal as staff read it: the field named as the screen labels it, not as the rules spell it
 * ("items[2].link: The link …" → "Room or feature 2, Link: The link …").
 */
export function inStaffWords(message: string, page: PageKey): string {
  const found = FIELD_IN_MESSAGE.exec(message)
  if (!found) return message
  const [whole, field, word, place, itemField, joint] = found as unknown as [string, string, string | undefined, string | undefined, string | undefined, string]
  if (word) return `${PAGE_WORDS[page].find((known) => known.key === word)?.label ?? word}${joint}${message.slice(whole.length)}`
  const kind = PAGE_ITEMS[page]
  const one = kind ? `${kind.one[0]!.toUpperCase()}${kind.one.slice(1)}` : 'Item'
  const label =
    place && itemField ? `${one} ${place}, ${LABELS[itemField] ?? itemField}` : field === 'items' ? (kind?.many ?? 'Items') : (LABELS[field] ?? field)
  return `${label}${joint}${message.slice(whole.length)}`
}
