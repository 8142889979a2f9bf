import { t } from 'elysia'

export const MENU_FIELDS_MESSAGE = 'Please fill in all fields and select a file.'

/** One section of the menu's text, as shared/menu-text.ts rebuilds it from the PDF. */
export const MenuTextSection = t.Object({
  heading: t.Union([t.String(), t.Null()]),
  level: t.Integer(),
  notes: t.Array(t.String()),
  items: t.Array(t.Object({ name: t.String(), description: t.Optional(t.String()), price: t.Optional(t.String()) })),
})

export const MenuItem = t.Object({
  id: t.Integer(),
  /** 1 is the Stables, 2 the hotel and cafe. */
  business_id: t.Union([t.Literal(1), t.Literal(2)]),
  type_id: t.String(),
  pdf_url: t.String(),
  updated_at: t.String(),
  /** The menu as text, read from the PDF on the server; [] when the PDF has none (a scan). */
  sections: t.Array(MenuTextSection),
})
export type Menu = typeof MenuItem.static

export const MenuUploadedReply = t.Object({ id: t.Integer(), message: t.String(), menu: MenuItem })
export type MenuUploadedReply = typeof MenuUploadedReply.static

export const GetMenuParams = t.Object({
  businessId: t.Union([t.Literal('1'), t.Literal('2')], { error: 'Business id must be 1 (the Stables) or 2 (the hotel and cafe).' }),
})

export const GetMenuQuery = t.Object({
  type_id: t.Optional(t.String({ pattern: '^[A-Za-z0-9_-]{1,20}$', error: 'Menu type must be 1 to 20 letters, digits, - or _.' })),
})

/**
 * SPEC.md's upload form. Fields are optional here so a missing one gets the form's own message;
 * the handler checks what each must be.
 */
export const UploadPdfBody = t.Object({
  pdf: t.Optional(t.Union([t.File(), t.String({ maxLength: 0 })], { error: 'The menu must be sent as a PDF file.' })),
  business_id: t.Optional(t.Union([t.String({ maxLength: 10 }), t.Number()], { error: 'Business id must be 1 (the Stables) or 2 (the hotel and cafe).' })),
  type_id: t.Optional(t.Union([t.String({ maxLength: 20 }), t.Number()], { error: 'Menu type must be 1 to 20 letters, digits, - or _.' })),
})
export type UploadPdfBody = typeof UploadPdfBody.static
