// A page's content as staff and visitors read it, and saving it with its trail entry and its uploaded pictures.
import type { RecordActivity, FieldChange } from '../../auth/activity-trail'
import type { AppContext } from '../../context'
import { badRequest, notFound } from '../../http/errors'
import { parseFormattedText } from '../../shared/rules/formatted-text'
import { summariseFormattedTree } from '../../shared/rules/formatted-text-tree'
import { isPageKey, isUploadedPicture, PAGE_ITEMS, PAGE_NAMES, PAGE_WORDS } from '../../shared/rules/pages'
import { nextVersion } from '../../shared/version'
import type { PageItem, PageKey, PublicPage, StaffPage } from './model'
import { findPage, savePage, syncPagePictures, uploadedFile, type PageFields, type PageRow } from './store'

/** Items saved before they could say when read as saying nothing. */
const itemsOf = (row: PageRow): PageItem[] => (JSON.parse(row.items) as Partial<PageItem>[]).map((item) => ({ ...item, when: item.when ?? '' }) as PageItem)

/** Every word the page has, as saved, or empty when never given. */
function wordsOf(row: PageRow): Record<string, string> {
  const saved = row.words ? (JSON.parse(row.words) as Record<string, string>) : {}
  return Object.fromEntries((PAGE_WORDS[row.page] ?? []).map((word) => [word.key, saved[word.key] ?? '']))
}

const hero = (row: PageRow) => ({
  title: row.title,
  smallHeading: row.small_heading,
  intro: row.intro,
  picture: row.picture,
  pictureDescription: row.picture_description,
  focalX: row.focal_x,
  focalY: row.focal_y,
})

export const staffPage = (row: PageRow): StaffPage => ({
  page: row.page,
  ...hero(row),
  body: row.body,
  items: itemsOf(row),
  words: wordsOf(row),
  updated_at: row.updated_at,
})

/** The sizes of an uploaded hero picture, for its srcset; none for a shipped one (the build made its copies). */
function pictureVariants(ctx: AppContext, picture: string) {
  if (!isUploadedPicture(picture)) return []
  const file = uploadedFile(ctx.db, picture.slice('/files/'.length))
  return file ? ctx.files.variantsOf(file) : []
}

/** The body was checked when saved; a body the rules now refuse (they became stricter) shows as nothing rather than unchecked. */
export function publicPage(ctx: AppContext, row: PageRow): PublicPage {
  const parsed = parseFormattedText(row.body)
  const variants = pictureVariants(ctx, row.picture)
  const body = parsed.ok ? parsed.tree : []
  return { page: row.page, ...hero(row), pictureVariants: variants, body, items: itemsOf(row), words: wordsOf(row), updated_at: row.updated_at }
}

/**
 * Saves a page inside the caller's transaction, with its trail entry; returns the saved page and the
 * uploaded pictures it no longer shows (released by the caller after the commit).
 */
export function savePageContent(ctx: AppContext, page: PageKey, fields: PageFields, activity: RecordActivity) {
  const current = findPage(ctx.db, page)
  const uploaded = isUploadedPicture(fields.picture) ? fields.picture.slice('/files/'.length) : null
  if (uploaded && !uploadedFile(ctx.db, uploaded)) throw badRequest(`picture: "${fields.picture}" is not a picture uploaded to this site.`)
  savePage(ctx.db, page, fields, nextVersion(ctx.now(), current?.updated_at))
  const released = syncPagePictures(ctx.db, page, uploaded ? [uploaded] : [])
  const listName = PAGE_ITEMS[page] ? ` (${PAGE_ITEMS[page].many.toLowerCase()})` : ''
  activity({
    kind: 'page',
    action: 'update',
    record_id: page,
    summary: `Edited the ${PAGE_NAMES[page]} page${listName}`,
    changes: pageChanges(current, fields),
  })
  return { page: staffPage(findPage(ctx.db, page)!), released }
}

/** "text changed, 3 paragraphs, 1 list": a body in the trail, summed up instead of quoted. */
function bodySummary(source: string): string {
  const parsed = parseFormattedText(source)
  return parsed.ok ? summariseFormattedTree(parsed.tree) : 'text'
}

const itemTitles = (items: PageItem[]) => (items.length === 0 ? 'none' : items.map((item) => item.title).join(' · '))

/** Field by field, before → after, with the staff screen's field names; long text and the list summed up. */
function pageChanges(before: PageRow | null, after: PageFields): FieldChange[] {
  const old: Partial<PageFields> = before ? fieldsOfRow(before) : {}
  const changes: FieldChange[] = []
  const short = {
    title: 'title',
    small_heading: 'smallHeading',
    picture: 'picture',
    picture_description: 'pictureDescription',
    focal_x: 'focalX',
    focal_y: 'focalY',
  }
  for (const [column, field] of Object.entries(short) as [keyof typeof short, string][]) {
    if (old[column] !== after[column]) changes.push({ field, before: old[column] ?? null, after: after[column] })
  }
  if (old.intro !== after.intro) changes.push({ field: 'intro', before: old.intro ?? null, after: after.intro })
  if (old.body !== after.body) {
    changes.push({ field: 'body', before: old.body === undefined ? null : bodySummary(old.body), after: `text changed, ${bodySummary(after.body)}` })
  }
  if (JSON.stringify(old.items ?? []) !== JSON.stringify(after.items)) {
    changes.push({ field: 'items', before: itemTitles(old.items ?? []), after: itemTitles(after.items) })
  }
  for (const [key, value] of Object.entries(after.words ?? {})) {
    const was = old.words?.[key] ?? null
    if (was !== value) changes.push({ field: `words.${key}`, before: was, after: value })
  }
  return changes
}

export const pageOf = (name: string): PageKey => {
  if (!isPageKey(name)) throw notFound(`There is no page "${name.slice(0, 40)}" whose words staff can change.`)
  return name
}

/** A page's stored fields, as an edit that changes only some of them starts from. */
export function fieldsOfRow(row: PageRow): PageFields {
  const { page: _page, updated_at: _version, items: _items, words: _words, ...fields } = row
  return { ...fields, items: itemsOf(row), words: row.words ? wordsOf(row) : undefined }
}
