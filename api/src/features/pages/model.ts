import { t } from 'elysia'
import { ImageVariants } from '../../files/model'
import type { FormattedTree } from '../../shared/rules/formatted-text-tree'

export { PAGE_KEYS, PAGE_NAMES, PAGE_ITEMS, type PageKey } from '../../shared/rules/pages'

/** One item of a page's list (a Stay room or feature, a home tile); picture: a site picture's path, or null; link: where it leads, or null. */
const PageItem = t.Object({
  title: t.String(),
  text: t.String(),
  picture: t.Nullable(t.String()),
  pictureDescription: t.String(),
  link: t.Nullable(t.String()),
  /** When it is served ("from 8am"): the cafe's and the bar's serving times; empty elsewhere. */
  when: t.String(),
})
export type PageItem = typeof PageItem.static

const Hero = {
  title: t.String(),
  smallHeading: t.String(),
  intro: t.String(),
  picture: t.String(),
  pictureDescription: t.String(),
  /** The focal point, percent from the left and from the top: the part of the picture a phone's crop keeps. */
  focalX: t.Integer(),
  focalY: t.Integer(),
}

/** The page's short words by key (shared/rules/pages.ts PAGE_WORDS): every key the page has, empty when not given. */
const Words = t.Record(t.String(), t.String())

/** What visitors get (GET /api/pages/:page): the body already parsed into the safe tree. */
export const PublicPage = t.Object({
  page: t.String(),
  ...Hero,
  /** An uploaded hero's sizes (srcset); empty for a shipped picture, whose copies the build made. */
  pictureVariants: ImageVariants,
  body: t.Unsafe<FormattedTree>(t.Array(t.Any())),
  items: t.Array(PageItem),
  words: Words,
  updated_at: t.String(),
})
export type PublicPage = typeof PublicPage.static

/** What staff edit (GET /api/admin/pages): the body as they wrote it. */
export const StaffPage = t.Object({ page: t.String(), ...Hero, body: t.String(), items: t.Array(PageItem), words: Words, updated_at: t.String() })
export type StaffPage = typeof StaffPage.static
export const StaffPageList = t.Array(StaffPage)

/**
 * PUT /api/admin/pages/:page: every field at once, as the editor holds them. The route takes the body
 * as sent (PageBodyAsSent) and checks it against this itself (fields.ts): Elysia would silently drop an
 * unknown field, and a client sending one expects it saved. Each field's rule is checked there too.
 */
export const PageBody = t.Object({
  title: t.String(),
  smallHeading: t.String(),
  intro: t.String(),
  picture: t.String(),
  pictureDescription: t.String(),
  focalX: t.Number(),
  focalY: t.Number(),
  body: t.String(),
  items: t.Array(
    t.Object({
      title: t.String(),
      text: t.String(),
      picture: t.Optional(t.Nullable(t.String())),
      pictureDescription: t.Optional(t.String()),
      link: t.Optional(t.Nullable(t.String())),
      when: t.Optional(t.String()),
    }),
  ),
  words: t.Optional(Words),
  /** The version the edit started from (the page's updated_at); same as the If-Match header. */
  updated_at: t.Optional(t.String({ maxLength: 64 })),
})
export type PageBody = typeof PageBody.static
export const PageBodyAsSent = t.Record(t.String(), t.Unknown())

export const PageParams = t.Object({ page: t.String({ maxLength: 40 }) })

export const PageReply = t.Object({ message: t.String(), page: StaffPage })
export type PageReply = typeof PageReply.static

export const PAGE_CHANGED_MESSAGE = 'This page was changed by someone else since you opened it.'
export const PageConflictReply = t.Object({ error: t.String(), current: StaffPage })

/** POST /api/admin/pages/:page/picture (multipart): a new hero picture, with what it shows. */
export const PagePictureBody = t.Object({
  picture: t.File({ error: 'Choose a picture (JPEG, PNG or WebP) to upload.' }),
  pictureDescription: t.String({ maxLength: 2000, error: 'pictureDescription: say what the picture shows, as text.' }),
  /** The version the edit started from (the page's updated_at); same as the If-Match header. */
  updated_at: t.Optional(t.String({ maxLength: 64 })),
})
