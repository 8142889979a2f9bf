import type { Database } from 'bun:sqlite'
import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { notFound } from '../../http/errors'
import { parseFormattedText } from '../../shared/rules/formatted-text'
import { summariseFormattedTree } from '../../shared/rules/formatted-text-tree'
import { isPageKey, PAGE_ITEMS, PAGE_NAMES } from '../../shared/rules/pages'
import { expectedVersion, nextVersion, VersionConflict } from '../../shared/version'
import type { FieldChange } from '../../auth/activity-trail'
import { pageBodyOf, readPageFields } from './fields'
import {
  PAGE_CHANGED_MESSAGE,
  PageBodyAsSent,
  PageConflictReply,
  PageParams,
  PageReply,
  PublicPage,
  type StaffPage,
  StaffPageList,
  type PageItem,
  type PageKey,
} from './model'
import { findPage, listPages, savePage, type PageFields, type PageRow } from './store'

const itemsOf = (row: PageRow): PageItem[] => JSON.parse(row.items) as PageItem[]

const hero = (row: PageRow) => ({
  title: row.title,
  smallHeading: row.small_heading,
  intro: row.intro,
  picture: row.picture,
  pictureDescription: row.picture_description,
  focalX: row.focal_x,
  focalY: row.focal_y,
})

const staffPage = (row: PageRow): StaffPage => ({ page: row.page, ...hero(row), body: row.body, items: itemsOf(row), updated_at: row.updated_at })

/** The body was checked when saved; a body the rules now refuse (they became stricter) shows as nothing rather than unchecked. */
function publicPage(row: PageRow): PublicPage {
  const parsed = parseFormattedText(row.body)
  return { page: row.page, ...hero(row), body: parsed.ok ? parsed.tree : [], items: itemsOf(row), updated_at: row.updated_at }
}

/** "text changed, 3 paragraphs, 1 list": a body in the trail, summed up instead of quoted. */
function bodySummary(source: string): string {
  const parsed = parseFormattedText(source)
  return parsed.ok ? summariseFormattedTree(parsed.tree) : 'text'
}

const itemTitles = (items: PageItem[]) => (items.length === 0 ? 'none' : items.map((item) => item.title).join(' · '))

/** Field by field, before → after, with the staff screen's field names; long text and the list summed up. */
function pageChanges(before: PageRow | null, after: PageFields): FieldChange[] {
  const old: Partial<PageFields> = before ? { ...before, items: itemsOf(before) } : {}
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
  return changes
}

/** A public page's intro and hero picture as staff wrote them, by its path ('/' is home), for its tags; null for a page without words. */
export function wordsOfPage(db: Database, path: string): { intro: string; picture: string; pictureDescription: string } | null {
  const key = path === '/' ? 'home' : path.slice(1)
  const row = isPageKey(key) ? findPage(db, key) : null
  return row ? { intro: row.intro, picture: row.picture, pictureDescription: row.picture_description } : null
}

const pageOf = (name: string): PageKey => {
  if (!isPageKey(name)) throw notFound(`There is no page "${name.slice(0, 40)}" whose words staff can change.`)
  return name
}

/**
 * Each public page's hero, body and items: visitors read GET /api/pages/:page (the body as the safe tree),
 * owners and editors read every page's source and save one page at a time, with its trail entry.
 */
export function pagesRoutes(ctx: AppContext) {
  const { db } = ctx
  return new Elysia({ name: 'feature.pages', prefix: '/api' })
    .use(adminGuard(ctx))
    .get(
      '/pages/:page',
      ({ params }) => {
        const row = findPage(db, pageOf(params.page))
        if (!row) throw notFound(`The ${PAGE_NAMES[pageOf(params.page)]} page has no content yet.`)
        return publicPage(row)
      },
      { params: PageParams, response: PublicPage },
    )
    .get(
      '/admin/pages',
      ({ set }) => {
        set.headers['cache-control'] = 'no-store'
        return listPages(db).map(staffPage)
      },
      { admin: true, response: StaffPageList },
    )
    .put(
      '/admin/pages/:page',
      ({ params, body, commit, activity, request }) => {
        const page = pageOf(params.page)
        const edit = pageBodyOf(body)
        const fields = readPageFields(page, edit)
        const basedOn = expectedVersion(request, edit.updated_at ?? null)
        try {
          return commit(() => {
            const current = findPage(db, page)
            if (current && basedOn !== null && current.updated_at !== basedOn) throw new VersionConflict(PAGE_CHANGED_MESSAGE, staffPage(current))
            savePage(db, page, fields, nextVersion(ctx.now(), current?.updated_at))
            const changes = pageChanges(current, fields)
            const listName = PAGE_ITEMS[page] ? ` (${PAGE_ITEMS[page].many.toLowerCase()})` : ''
            activity({ kind: 'page', action: 'update', record_id: page, summary: `Edited the ${PAGE_NAMES[page]} page${listName}`, changes })
            return { message: `The ${PAGE_NAMES[page]} page is saved.`, page: staffPage(findPage(db, page)!) }
          })
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as StaffPage })
          throw error
        }
      },
      { admin: true, params: PageParams, body: PageBodyAsSent, response: { 200: PageReply, 409: PageConflictReply } },
    )
}
