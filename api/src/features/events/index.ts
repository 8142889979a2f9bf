import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import type { FileStore } from '../../files/file-store'
import { badRequest, notFound, tooLarge } from '../../http/errors'
import { parseVenueDateTime, startOfVenueDay, venueDate, venueStartProblem } from '../../shared/time'
import { START_UNREADABLE_MESSAGE } from '../../shared/rules/venue-time'
import {
  DeleteEventBody,
  EVENT_CHANGED_MESSAGE,
  EventConflictReply,
  EventDeletedReply,
  EventList,
  EventUpdatedReply,
  EventUploadedReply,
  REQUIRED_FIELDS_MESSAGE,
  UpdateEventBody,
  UploadEventBody,
  type ContactToBook,
  type VenueEvent,
} from './model'
import {
  EVENT_EDIT_IMAGE,
  EVENT_IMAGE_TOO_LARGE_MESSAGE,
  EVENT_UPLOAD_IMAGE,
  IMAGE_REQUIRED_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
} from '../../shared/rules/uploads'
import { expectedVersion, VersionConflict } from '../../shared/version'
import { changesBetween } from '../activity'
import { deleteEvent, findEvent, insertEvent, listEvents, setEventAltText, updateEvent, type EventRow } from './store'
import { readAltText, readShownText } from '../../http/field-readers'
import { isWebAddress } from '../../shared/rules/web-address'

/** What other features may use: one event by id (the share preview of an event page). */
export { findEvent } from './store'

const DATA_URL_PREFIX = /^data:[^,]*;base64,/i
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

export function toEventItem(files: FileStore, row: EventRow): VenueEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    start_datetime: row.start_datetime,
    image_url: row.image ? files.urlOf(row.image) : null,
    image_variants: row.image ? files.variantsOf({ name: row.image, width: row.image_width, height: row.image_height, animated: row.image_animated }) : [],
    image_width: row.image_width,
    image_height: row.image_height,
    ticket_url: row.ticket_url,
    contact_to_book: row.contact_to_book,
    updated_at: row.updated_at,
    alt_text: row.alt_text,
  }
}

const filled = (value: string | null | undefined): string | null => value?.trim() || null

function parseStart(value: string): string {
  const instant = parseVenueDateTime(value)
  if (!instant) throw badRequest(venueStartProblem(value) ?? START_UNREADABLE_MESSAGE)
  return instant
}

/** '' or nothing means "no ticket link"; anything else must be a web address people can open. */
export function parseTicketUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  if (!isWebAddress(trimmed)) throw badRequest('The ticket link must be a web address starting with http:// or https://.')
  return trimmed
}

export function parseContactToBook(value: ContactToBook | undefined): boolean | undefined {
  if (value === undefined) return undefined
  return value === true || value === 1 || value === 'true' || value === '1' || value === 'on'
}

/**
 * Reads SPEC.md's image_base64: a data URL or bare base64. The declared type in a data URL is ignored;
 * the bytes decide. Size is judged from the text first, so an oversized upload is refused before decoding.
 */
export function decodeImageBase64(text: string): Uint8Array {
  const payload = text.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '')
  if (payload === '') throw badRequest(IMAGE_REQUIRED_MESSAGE)
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  if (Math.floor((payload.length * 3) / 4) - padding > EVENT_UPLOAD_IMAGE.maxBytes) throw tooLarge(EVENT_IMAGE_TOO_LARGE_MESSAGE)
  if (!BASE64.test(payload) || payload.length % 4 === 1) throw badRequest(IMAGE_UNREADABLE_MESSAGE)
  const bytes = Buffer.from(payload, 'base64')
  if (bytes.byteLength > EVENT_UPLOAD_IMAGE.maxBytes) throw tooLarge(EVENT_IMAGE_TOO_LARGE_MESSAGE)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

export function eventsRoutes(ctx: AppContext) {
  const item = (row: EventRow) => toEventItem(ctx.files, row)
  const readEvent = (id: number) => {
    const row = findEvent(ctx.db, id)
    if (!row) throw notFound('Event not found.')
    return item(row)
  }
  return new Elysia({ name: 'feature.events', prefix: '/api' })
    .use(adminGuard(ctx))
    .get('/events', () => listEvents(ctx.db, startOfVenueDay(venueDate(ctx.now()))).map(item), { response: EventList })
    .get('/admin/events', () => listEvents(ctx.db).map(item), { admin: true, response: EventList })
    .post(
      '/upload-event',
      async ({ body, commit, activity, set }) => {
        if (!filled(body.image_base64)) throw badRequest(IMAGE_REQUIRED_MESSAGE)
        const title = readShownText('The title', body.title)
        const description = readShownText('The description', body.description, { multiline: true })
        const start = filled(body.startDatetime)
        if (!title || !description || !start) throw badRequest(REQUIRED_FIELDS_MESSAGE)
        const startDatetime = parseStart(start)
        const ticketUrl = parseTicketUrl(body.ticket_url)
        const contactToBook = parseContactToBook(body.contactToBook) ?? false
        const altText = readAltText(body.alt_text) ?? null
        const bytes = decodeImageBase64(body.image_base64!)
        const image = await ctx.files.save(bytes, { label: 'Event image', accept: EVENT_UPLOAD_IMAGE.types, maxBytes: EVENT_UPLOAD_IMAGE.maxBytes })
        set.status = 201
        return ctx.files.recordWith([image], () =>
          commit(() => {
            const id = insertEvent(ctx.db, { title, description, startDatetime, image: image.name, ticketUrl, contactToBook })
            setEventAltText(ctx.db, id, altText)
            activity({ kind: 'event', action: 'create', record_id: id, summary: `Added the event “${title}”` })
            return { message: 'Event uploaded successfully!', event: readEvent(id) }
          }, 201),
        )
      },
      { admin: true, body: UploadEventBody, response: { 201: EventUploadedReply } },
    )
    .post(
      '/update-event',
      async ({ body, commit, activity, request }) => {
        if (!findEvent(ctx.db, body.id)) throw notFound('Event not found.')
        const basedOn = expectedVersion(request, body.updated_at)
        const title = readShownText('The title', body.title)
        const description = readShownText('The description', body.description, { multiline: true })
        const start = filled(body.start_datetime)
        if (!title || !description || !start) throw badRequest(REQUIRED_FIELDS_MESSAGE)
        const startDatetime = parseStart(start)
        const ticketUrl = body.ticket_url === undefined ? undefined : parseTicketUrl(body.ticket_url)
        const contactToBook = parseContactToBook(body.contactToBook)
        const altText = readAltText(body.alt_text)
        const upload = body.image instanceof Blob && body.image.size > 0 ? body.image : null
        if (upload && upload.size > EVENT_EDIT_IMAGE.maxBytes) throw tooLarge(EVENT_IMAGE_TOO_LARGE_MESSAGE)
        const saved = upload
          ? (await ctx.files.save(upload, { label: 'Event image', accept: EVENT_EDIT_IMAGE.types, maxBytes: EVENT_EDIT_IMAGE.maxBytes })).name
          : null
        let replaced: string | null = null
        let reply: EventUpdatedReply
        try {
          reply = ctx.files.recordWith([saved], () =>
            commit(() => {
              // Read again inside the transaction: the event may have changed while the image was saved.
              const current = findEvent(ctx.db, body.id)
              if (!current) throw notFound('Event not found.')
              if (basedOn !== null && current.updated_at !== basedOn) throw new VersionConflict(EVENT_CHANGED_MESSAGE, item(current))
              const image = saved ?? current.image
              updateEvent(ctx.db, body.id, {
                title,
                description,
                startDatetime,
                image,
                ticketUrl: ticketUrl === undefined ? current.ticket_url : ticketUrl,
                contactToBook: contactToBook ?? current.contact_to_book === 1,
              })
              if (altText !== undefined) setEventAltText(ctx.db, body.id, altText)
              replaced = current.image !== image ? current.image : null
              activity({
                kind: 'event',
                action: 'update',
                record_id: body.id,
                summary: `Edited the event “${title}”`,
                changes: changesBetween(current, findEvent(ctx.db, body.id)!),
              })
              return { message: 'Event updated.', event: readEvent(body.id) }
            }),
          )
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as VenueEvent })
          throw error
        }
        ctx.files.release(replaced)
        return reply
      },
      { admin: true, body: UpdateEventBody, response: { 200: EventUpdatedReply, 409: EventConflictReply } },
    )
    .post(
      '/delete-event',
      ({ body, commit, activity }) => {
        let removedImage: string | null = null
        const reply = commit(() => {
          const deleted = deleteEvent(ctx.db, body.id)
          if (!deleted) throw notFound('Event not found.')
          removedImage = deleted.image
          activity({ kind: 'event', action: 'delete', record_id: body.id, summary: `Deleted event ${body.id}` })
          return { message: 'Event deleted.', id: body.id }
        })
        ctx.files.release(removedImage)
        return reply
      },
      { admin: true, body: DeleteEventBody, response: { 200: EventDeletedReply } },
    )
}
