import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { notFound } from '../../http/errors'
import { isPageKey, isUploadedPicture, PAGE_NAMES } from '../../shared/rules/pages'
import { expectedVersion, VersionConflict } from '../../shared/version'
import { pageBodyOf, readPageFields } from './fields'
import { pageOf, publicPage, savePageContent, staffPage } from './content'
import { pagePictureRoutes } from './pictures'
import { PAGE_CHANGED_MESSAGE, PageBodyAsSent, PageConflictReply, PageParams, PageReply, PublicPage, type StaffPage, StaffPageList } from './model'
import { findPage, listPages, uploadedFile } from './store'
import { shareImageOf } from '../../files/variants'
import type { PageWords } from '../../shared/page-meta'

/**
 * A public page's intro and hero picture as staff wrote them, by its path ('/' is home), for its tags,
 * with an uploaded hero's share copy (made by the file worker when first asked for); null for a page without words.
 */
export function wordsOfPage(ctx: AppContext, path: string): PageWords | null {
  const key = path === '/' ? 'home' : path.slice(1)
  const row = isPageKey(key) ? findPage(ctx.db, key) : null
  if (!row) return null
  const file = isUploadedPicture(row.picture) ? uploadedFile(ctx.db, row.picture.slice('/files/'.length)) : null
  const share = file ? shareImageOf(file) : null
  return { intro: row.intro, picture: row.picture, pictureDescription: row.picture_description, shareImage: share ? ctx.files.urlOf(share.name) : undefined }
}

/**
 * Each public page's hero, body and items: visitors read GET /api/pages/:page (the body as the safe tree),
 * owners and editors read every page's source and save one page at a time, with its trail entry.
 */
export function pagesRoutes(ctx: AppContext) {
  const { db } = ctx
  return new Elysia({ name: 'feature.pages', prefix: '/api' })
    .use(adminGuard(ctx))
    .use(pagePictureRoutes(ctx))
    .get(
      '/pages/:page',
      ({ params }) => {
        const row = findPage(db, pageOf(params.page))
        if (!row) throw notFound(`The ${PAGE_NAMES[pageOf(params.page)]} page has no content yet.`)
        return publicPage(ctx, row)
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
          const saved = commit(() => {
            const current = findPage(db, page)
            if (current && basedOn !== null && current.updated_at !== basedOn) throw new VersionConflict(PAGE_CHANGED_MESSAGE, staffPage(current))
            return savePageContent(ctx, page, fields, activity)
          })
          for (const name of saved.released) ctx.files.release(name)
          return { message: `The ${PAGE_NAMES[page]} page is saved.`, page: saved.page }
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as StaffPage })
          throw error
        }
      },
      { admin: true, params: PageParams, body: PageBodyAsSent, response: { 200: PageReply, 409: PageConflictReply } },
    )
}
