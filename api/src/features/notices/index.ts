import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { hiddenCharacterProblem } from '../../shared/rules/hidden-characters'
import { badRequest, notFound } from '../../http/errors'
import { isNoticeVenue, NOTICE_LIMITS, noticeLinkProblem } from '../../shared/rules/notice-fields'
import { formatShortDateTime, SKIPPED_HOUR_MESSAGE } from '../../shared/rules/venue-time'
import { parseVenueDateTime, venueStartProblem } from '../../shared/time'
import { expectedVersion, nextVersion, VersionConflict } from '../../shared/version'
import { changesBetween } from '../activity'
import {
  NOTICE_CHANGED_MESSAGE,
  NoticeBody,
  NoticeConflictReply,
  NoticeDeletedReply,
  NoticeIdParams,
  NoticeList,
  NoticeReply,
  UNKNOWN_NOTICE_FIELD_MESSAGE,
  type Notice,
} from './model'
import { deleteNotice, findNotice, insertNotice, listAllNotices, listNoticesNotEnded, updateNotice, type NoticeFields, type NoticeRow } from './store'

const toNotice = (row: NoticeRow): Notice => ({ ...row })

/** The text as one line: a notice is a sentence or two, and a pasted line break would only show as a space. */
const oneLine = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

/** A start or an end in venue time ("2026-12-05T19:30") or an ISO instant with its zone, as the UTC instant. */
function readInstant(value: string | null | undefined, what: 'start' | 'end'): string {
  const text = (value ?? '').trim()
  if (!text) throw badRequest(`Give the notice’s ${what} date and time.`)
  const instant = parseVenueDateTime(text)
  if (instant) return instant
  if (venueStartProblem(text) === SKIPPED_HOUR_MESSAGE) throw badRequest(`The ${what} (${text}): ${SKIPPED_HOUR_MESSAGE}`)
  throw badRequest(`The ${what} (${text}) is not a real date and time in the years 0000 to 9999. Use the form 2026-12-05T19:30.`)
}

/** Reads a whole notice from a create or an edit, with a message naming the first field that is wrong. */
export function readNotice(body: NoticeBody): NoticeFields {
  // Line breaks in the text and the link's words are tidied into spaces below; a link has none.
  for (const [label, value, multiline] of [
    ['The notice', body.text, true],
    ['The link', body.link, false],
    ['The link’s words', body.link_text, true],
  ] as const) {
    const hidden = typeof value === 'string' ? hiddenCharacterProblem(label, value.trim(), { multiline }) : null
    if (hidden) throw badRequest(hidden)
  }
  const text = oneLine(body.text)
  if (!text) throw badRequest('Write the notice’s text.')
  if (text.length > NOTICE_LIMITS.text) throw badRequest(`The notice must be at most ${NOTICE_LIMITS.text} characters (it has ${text.length}).`)
  const link = (body.link ?? '').trim()
  const linkProblem = noticeLinkProblem(link)
  if (linkProblem) throw badRequest(linkProblem)
  const linkText = oneLine(body.link_text)
  if (link && !linkText) throw badRequest('Say in a few words where the link leads (for example “See the menu”).')
  if (!link && linkText) throw badRequest('The link’s words need a link: give its address, or leave them empty.')
  if (!isNoticeVenue(body.venue)) throw badRequest('Choose which venue the notice is about: both, hotel or stables.')
  const starts_at = readInstant(body.starts_at, 'start')
  const ends_at = readInstant(body.ends_at, 'end')
  if (ends_at <= starts_at) {
    throw badRequest(`The end (${formatShortDateTime(new Date(ends_at))}) must be after the start (${formatShortDateTime(new Date(starts_at))}).`)
  }
  return { text, link: link || null, link_text: linkText || null, venue: body.venue, starts_at, ends_at }
}

/** A notice as the trail shows it: its times in venue time, as staff typed them, not as UTC instants. */
const asStaffRead = (row: NoticeRow) => ({
  ...row,
  starts_at: formatShortDateTime(new Date(row.starts_at)),
  ends_at: formatShortDateTime(new Date(row.ends_at)),
})

const KNOWN_FIELDS = new Set(Object.keys(NoticeBody.properties))

/**
 * Refuses a body with a field a notice does not have, before validation would silently drop it: a
 * client that thinks it set something (a colour, a second link) must not be told it was saved.
 */
function refuseUnknownFields({ body }: { body: unknown }) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return
  const unknown = Object.keys(body).find((field) => !KNOWN_FIELDS.has(field))
  if (unknown !== undefined) throw badRequest(`“${unknown.slice(0, 40)}” is not a field of a notice. ${UNKNOWN_NOTICE_FIELD_MESSAGE}`)
}

const shortText = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text)

/**
 * Notices for visitors. The public list holds the notices that have not ended — the current ones and
 * the next to start — so a page (and the server's render of it, see entry-server.tsx clockKey) can
 * show each from its start to its end with nobody acting. Staff see every notice, past ones too.
 */
export function noticesRoutes(ctx: AppContext) {
  const { db } = ctx
  const missing = (id: number) => notFound(`No notice with id ${id}.`)
  return new Elysia({ name: 'feature.notices', prefix: '/api' })
    .use(adminGuard(ctx))
    .get('/notices', () => listNoticesNotEnded(db, ctx.now().toISOString()).map(toNotice), { response: NoticeList })
    .get('/admin/notices', () => listAllNotices(db).map(toNotice), { admin: true, response: NoticeList })
    .post(
      '/admin/notices',
      ({ body, commit, activity, set }) => {
        const fields = readNotice(body)
        set.status = 201
        return commit(() => {
          const id = insertNotice(db, fields, ctx.now().toISOString())
          activity({ kind: 'notice', action: 'create', record_id: id, summary: `Added the notice “${shortText(fields.text)}”` })
          return { message: 'Notice saved.', notice: toNotice(findNotice(db, id)!) }
        }, 201)
      },
      { admin: true, transform: refuseUnknownFields, body: NoticeBody, response: { 201: NoticeReply } },
    )
    .put(
      '/admin/notices/:id',
      ({ params, body, commit, activity, request }) => {
        if (!findNotice(db, params.id)) throw missing(params.id)
        const basedOn = expectedVersion(request, body.updated_at)
        const fields = readNotice(body)
        try {
          return commit(() => {
            const current = findNotice(db, params.id)
            if (!current) throw missing(params.id)
            if (basedOn !== null && current.updated_at !== basedOn) throw new VersionConflict(NOTICE_CHANGED_MESSAGE, toNotice(current))
            updateNotice(db, params.id, fields, nextVersion(ctx.now(), current.updated_at))
            const after = findNotice(db, params.id)!
            activity({
              kind: 'notice',
              action: 'update',
              record_id: params.id,
              summary: `Edited the notice “${shortText(fields.text)}”`,
              changes: changesBetween(asStaffRead(current), asStaffRead(after)),
            })
            return { message: 'Notice saved.', notice: toNotice(after) }
          })
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as Notice })
          throw error
        }
      },
      { admin: true, transform: refuseUnknownFields, params: NoticeIdParams, body: NoticeBody, response: { 200: NoticeReply, 409: NoticeConflictReply } },
    )
    .delete(
      '/admin/notices/:id',
      ({ params, commit, activity }) =>
        commit(() => {
          const row = findNotice(db, params.id)
          if (!row || !deleteNotice(db, params.id)) throw missing(params.id)
          activity({ kind: 'notice', action: 'delete', record_id: params.id, summary: `Deleted the notice “${shortText(row.text)}”` })
          return { message: 'Notice deleted.', id: params.id }
        }),
      { admin: true, params: NoticeIdParams, response: NoticeDeletedReply },
    )
}
