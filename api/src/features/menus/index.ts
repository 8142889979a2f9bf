import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { workerRefusal, type FileStore } from '../../files/file-store'
import { MENU_PDF } from '../../shared/rules/uploads'
import { menuBusinessName, type BusinessId, type VenueNames } from '../../shared/rules/venues'
import { badRequest, notFound } from '../../http/errors'
import { GetMenuParams, GetMenuQuery, MENU_FIELDS_MESSAGE, MenuItem, MenuUploadedReply, UploadPdfBody, type Menu } from './model'
import type { MenuSection } from '../../shared/menu-text'
import { findMenu, latestMenu, replaceMenu, sectionsOf, setMenuSections, type MenuRow } from './store'
import { sectionsOfStoredFile } from './text'

const TYPE_ID = /^[A-Za-z0-9_-]{1,20}$/

export function toMenu(files: FileStore, row: MenuRow, sections: MenuSection[]): Menu {
  return { id: row.id, business_id: row.business_id, type_id: row.type_id, pdf_url: files.urlOf(row.pdf), updated_at: row.created_at, sections }
}

/** A row's text, read from its file now if it was stored before the server read menus' text. */
export async function menuWithText(ctx: AppContext, row: MenuRow): Promise<Menu> {
  let sections = sectionsOf(row)
  if (sections === null) {
    sections = await sectionsOfStoredFile(ctx.files, row.pdf)
    setMenuSections(ctx.db, row.id, sections)
  }
  return toMenu(ctx.files, row, sections)
}

function parseBusinessId(value: string | number): 1 | 2 {
  const id = String(value).trim()
  if (id === '1' || id === '2') return Number(id) as 1 | 2
  throw badRequest('Business id must be 1 (the Stables) or 2 (the hotel and cafe).')
}

function parseTypeId(value: string | number | undefined): string {
  const id = value === undefined ? '' : String(value).trim()
  if (id === '') return '1'
  if (!TYPE_ID.test(id)) throw badRequest('Menu type must be 1 to 20 letters, digits, - or _.')
  return id
}

/** The trail's words for a menu upload: the business by its name; the menu type only when it is not the website's (1). */
function menuUploadSummary(names: VenueNames, businessId: BusinessId, typeId: string): string {
  const type = typeId === '1' ? '' : ` (menu type “${typeId}”)`
  return `Uploaded a new menu PDF for ${menuBusinessName(names, businessId)}${type}`
}

export function menusRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.menus', prefix: '/api' })
    .use(adminGuard(ctx))
    .get(
      '/get-menu/:businessId',
      async ({ params, query }) => {
        const row = latestMenu(ctx.db, Number(params.businessId) as 1 | 2, query.type_id)
        if (!row) throw notFound('No menu has been uploaded yet.')
        return menuWithText(ctx, row)
      },
      { params: GetMenuParams, query: GetMenuQuery, response: MenuItem },
    )
    .post(
      '/upload-pdf',
      async ({ body, commit, activity, set }) => {
        const pdf = body.pdf instanceof Blob && body.pdf.size > 0 ? body.pdf : null
        const businessField = body.business_id === undefined ? '' : String(body.business_id).trim()
        if (!pdf || businessField === '') throw badRequest(MENU_FIELDS_MESSAGE)
        const businessId = parseBusinessId(businessField)
        const typeId = parseTypeId(body.type_id)
        const saved = await ctx.files.save(pdf, { label: 'Menu PDF', accept: MENU_PDF.types, maxBytes: MENU_PDF.maxBytes })
        // The file store has checked it is a whole PDF; text that cannot be read only means no text version,
        // but a PDF whose reading goes over the worker's time or memory budget is refused (422), as is one
        // whose worker was stopped meanwhile or that no worker was free to read in time (503): the menu it
        // would have replaced stays.
        const sections = await sectionsOfStoredFile(ctx.files, saved.name, 'upload').catch((error: unknown) => {
          ctx.files.discard([saved])
          throw workerRefusal('Menu PDF', error) ?? error
        })
        set.status = 201
        let replacedFiles: string[] = []
        const reply = ctx.files.recordWith([saved], () =>
          commit(() => {
            const result = replaceMenu(ctx.db, businessId, typeId, saved.name, sections)
            replacedFiles = result.replacedFiles
            activity({ kind: 'menu', action: 'upload', record_id: result.id, summary: menuUploadSummary(ctx.venue(), businessId, typeId) })
            return { id: result.id, message: 'Upload successful!', menu: toMenu(ctx.files, findMenu(ctx.db, result.id)!, sections) }
          }, 201),
        )
        for (const name of replacedFiles) ctx.files.release(name)
        return reply
      },
      { admin: true, body: UploadPdfBody, response: { 201: MenuUploadedReply } },
    )
}
