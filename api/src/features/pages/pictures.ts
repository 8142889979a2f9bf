import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { notFound } from '../../http/errors'
import { PAGE_NAMES } from '../../shared/rules/pages'
import { PAGE_PICTURE } from '../../shared/rules/uploads'
import { expectedVersion, VersionConflict } from '../../shared/version'
import { fieldsOfRow, pageOf, savePageContent, staffPage } from './content'
import { readPictureDescription } from './fields'
import { PAGE_CHANGED_MESSAGE, PageConflictReply, PagePictureBody, PageParams, PageReply, type StaffPage } from './model'
import { findPage } from './store'

/**
 * A page's hero picture uploaded by staff (owners and editors): re-encoded by the file worker, its
 * sizes made on demand, the page saved with it (and its description) in one change with its trail
 * entry; the picture it replaces, when uploaded and shown nowhere else, is removed with its sizes.
 * The focal point goes back to the middle: the old one was chosen for another picture. Used inside
 * pagesRoutes, whose prefix (/api) it takes: it has none of its own.
 */
export function pagePictureRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.pages.pictures' }).use(adminGuard(ctx)).post(
    '/admin/pages/:page/picture',
    async ({ params, body, commit, activity, request }) => {
      const page = pageOf(params.page)
      const description = readPictureDescription(body.pictureDescription)
      const basedOn = expectedVersion(request, body.updated_at ?? null)
      const saved = await ctx.files.save(body.picture, { label: 'Page picture', accept: PAGE_PICTURE.types, maxBytes: PAGE_PICTURE.maxBytes })
      try {
        const result = ctx.files.recordWith([saved], () =>
          commit(() => {
            const current = findPage(ctx.db, page)
            if (!current) throw notFound(`The ${PAGE_NAMES[page]} page has no content yet.`)
            if (basedOn !== null && current.updated_at !== basedOn) throw new VersionConflict(PAGE_CHANGED_MESSAGE, staffPage(current))
            const fields = { ...fieldsOfRow(current), picture: ctx.files.urlOf(saved.name), picture_description: description, focal_x: 50, focal_y: 50 }
            return savePageContent(ctx, page, fields, activity)
          }),
        )
        for (const name of result.released) ctx.files.release(name)
        return { message: `The ${PAGE_NAMES[page]} page's picture is saved.`, page: result.page }
      } catch (error) {
        if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as StaffPage })
        throw error
      }
    },
    { admin: true, params: PageParams, body: PagePictureBody, response: { 200: PageReply, 409: PageConflictReply } },
  )
}
