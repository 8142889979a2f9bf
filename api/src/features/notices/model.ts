import { t } from 'elysia'
import { RecordId } from '../../http/record-id'
import { NOTICE_LIMITS, NOTICE_VENUES } from '../../shared/rules/notice-fields'

/** One notice as the site and the staff screen read it; starts_at and ends_at are UTC instants (ISO 8601, Z). */
export const Notice = t.Object({
  id: t.Integer(),
  text: t.String(),
  link: t.Nullable(t.String()),
  /** What the link says ("See the menu"): a link never shows as a bare address or "click here". */
  link_text: t.Nullable(t.String()),
  venue: t.UnionEnum(NOTICE_VENUES),
  starts_at: t.String(),
  ends_at: t.String(),
  updated_at: t.String(),
})
export type Notice = typeof Notice.static

export const NoticeList = t.Array(Notice)
export type NoticeList = typeof NoticeList.static

export const NoticeReply = t.Object({ message: t.String(), notice: Notice })
export type NoticeReply = typeof NoticeReply.static

export const NOTICE_CHANGED_MESSAGE = 'This notice was changed by someone else since you opened it.'
/** 409 from an edit: the notice as it is now, so staff can compare before choosing. */
export const NoticeConflictReply = t.Object({ error: t.String(), current: Notice })
export type NoticeConflictReply = typeof NoticeConflictReply.static

export const NoticeDeletedReply = t.Object({ message: t.String(), id: t.Integer() })
export type NoticeDeletedReply = typeof NoticeDeletedReply.static

export const NoticeIdParams = t.Object({ id: RecordId('The notice id must be a positive whole number.') })

export const UNKNOWN_NOTICE_FIELD_MESSAGE = 'A notice has only text, link, link_text, venue, starts_at and ends_at (and updated_at on an edit).'

const text = (limit: number, what: string) => t.String({ maxLength: limit, error: `${what} must be text of at most ${limit} characters.` })
const optionalText = (limit: number, what: string) =>
  t.Optional(t.Nullable(text(limit, what), { error: `${what} must be text of at most ${limit} characters.` }))

/**
 * A new notice or an edit (the whole notice). Presence and meaning (a real venue time, the end after
 * the start, an allowed link) are read in the handler, so staff get a message naming the problem. A
 * field this schema does not know is refused rather than dropped: a client that thinks it set
 * something must not be told it was saved.
 */
export const NoticeBody = t.Object(
  {
    text: optionalText(NOTICE_LIMITS.text, 'The notice'),
    link: optionalText(NOTICE_LIMITS.link, 'The link'),
    link_text: optionalText(NOTICE_LIMITS.linkText, 'The link’s words'),
    venue: t.Optional(t.String({ maxLength: 20, error: 'Choose which venue the notice is about: both, hotel or stables.' })),
    starts_at: optionalText(NOTICE_LIMITS.dateTime, 'The start'),
    ends_at: optionalText(NOTICE_LIMITS.dateTime, 'The end'),
    /** The version an edit is based on (same as If-Match, for clients that cannot set one). */
    updated_at: t.Optional(t.String({ maxLength: 64, error: 'updated_at must be the version text the notice was read with.' })),
  },
  { additionalProperties: false, error: UNKNOWN_NOTICE_FIELD_MESSAGE },
)
export type NoticeBody = typeof NoticeBody.static
