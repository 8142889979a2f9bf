/** The page editor's values and how they are sent: through the outbox, with the version and fields they started from. */
import type { PageReply, StaffPage } from '../../../api/types'
import type { PageEdit } from '../../../../../api/src/shared/rules/page-fields'
import { PAGE_NAMES, type PageKey } from '../../../../../api/src/shared/rules/pages'
import { mutate } from '../../adminApi'
import { pageEditOf, pageEditPath, type PageMeta } from './changes'

/** The editor's values: the edit itself (a type, not an interface, so the form's generic helpers take it). */
export type PageValues = { [K in keyof PageEdit]: PageEdit[K] }

/** What the editor was filled from, and its version (none when filled from a change still waiting). */
export type FilledFrom = { edit: PageEdit; version?: string }

export const filledFromPage = (page: StaffPage): FilledFrom => ({ edit: pageEditOf(page), version: page.updated_at })

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields an edit changes from what it started from (every field when it started from a queued change). */
export function changedFields(values: PageEdit, from: FilledFrom | null): string[] {
  const fields = Object.keys(values) as (keyof PageEdit)[]
  return from ? fields.filter((field) => !same(values[field], from.edit[field])) : fields
}

/** Sends the page's words; another member's change to a field this edit left alone is kept, not overwritten. */
export function sendPage(page: PageKey, values: PageValues, from: FilledFrom | null): Promise<PageReply> {
  const meta: PageMeta = { kind: 'page', op: 'update', page, fields: changedFields(values, from) }
  return mutate<PageReply>({
    method: 'PUT',
    path: pageEditPath(page),
    body: { ...values },
    label: `${PAGE_NAMES[page]} page words`,
    baseVersion: from?.version || undefined,
    base: from ? { ...from.edit } : undefined,
    record: `page:${page}`,
    versionField: 'page.updated_at',
    meta,
  })
}

const FIELD_IN_MESSAGE = /^(title|smallHeading|intro|picture|pictureDescription|focalX|focalY|body|items(?:\[\d+\]\.[a-zA-Z]+)?)(?=[: ])/

/** The field a refusal names ("items[2].link: …" → "items[2].link"), to mark it on screen. */
export const fieldOfMessage = (message: string): string | null => FIELD_IN_MESSAGE.exec(message)?.[1] ?? null
