import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { Venue } from '../../config'
import type { AppContext } from '../../context'
import { enquiryFieldProblem, HEADER_BREAK } from '../../shared/rules/enquiry'
import { badRequest, HttpError, notFound } from '../../http/errors'
import { idempotencyFor } from '../../http/idempotency'
import { clientAddress, limitKeyOf } from '../../http/client-address'
import { RateLimiter } from '../../http/rate-limit'
import type { Mail } from './mailer'
import {
  ContactMessageList,
  MarkHandledBody,
  MessageDeletedReply,
  MessageIdParams,
  MessageReply,
  SendEmailBody,
  SendEmailReply,
  type ContactMessage,
} from './model'
import { deleteMessage, findMessage, insertMessage, listMessages, listUnsent, markFailed, markSent, markStored, setHandled, type NewMessage } from './store'

export const REPLY_SENT = 'Thank you — your message has been sent.'
export const REPLY_RECEIVED = 'Thank you — your message has been received. We will reply soon.'

/** After this many failed sends a message is left for staff to read in the admin area. */
export const MAX_SEND_ATTEMPTS = 10
/** A 'pending' message older than this was being sent when the server stopped; the mailer's own timeouts are far shorter. */
const STALE_PENDING_MS = 10 * 60_000

function readEnquiry(body: SendEmailBody): NewMessage {
  const email = (body.email ?? body.replyTo ?? '').trim()
  if (body.email && body.replyTo && body.email.trim().toLowerCase() !== body.replyTo.trim().toLowerCase()) {
    throw badRequest('replyTo must be the same address as email.')
  }
  const name = body.name?.trim() ?? ''
  const message = (body.message ?? body.text ?? '').trim()
  // SPEC.md's older client sends { replyTo, subject, text } with the name inside the text.
  const legacy = body.message === undefined && body.text !== undefined
  if (!email || !message || (!legacy && !name)) throw badRequest('Please fill in your name, email address and message.')
  const phone = body.phone?.trim() ?? ''
  const problem = enquiryFieldProblem({ name, phone, email })
  if (problem) throw badRequest(problem.message)
  if (HEADER_BREAK.test(body.subject ?? '')) throw badRequest('The subject must be a single line of text.')
  return { name, phone, email, message }
}

/** The email staff receive; rebuilt from the stored record, so a retry sends exactly what the visitor wrote. */
export function mailFor(venue: Venue, message: NewMessage): Mail {
  return {
    to: venue.email,
    replyTo: message.email,
    subject: `Website enquiry from ${message.name || message.email}`,
    text: [
      `Name: ${message.name || '(not given)'}`,
      `Phone: ${message.phone || '(not given)'}`,
      `Email: ${message.email}`,
      '',
      'Message:',
      message.message,
      '',
      '-- ',
      `Sent from the ${venue.hotelName} website contact form. Reply to this email to answer ${message.name || 'the visitor'}.`,
    ].join('\n'),
  }
}

const log = (level: 'info' | 'warn', msg: string, fields: Record<string, unknown>) => console.log(JSON.stringify({ level, msg, ...fields }))

/** Tries one send and records the outcome; never throws, because the message is already safe in the database. */
async function deliver(ctx: AppContext, message: ContactMessage): Promise<boolean> {
  try {
    await ctx.mailer.send(mailFor(ctx.venue(), message))
    markSent(ctx.db, message.id, ctx.now().toISOString())
    return true
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error'
    markFailed(ctx.db, message.id, reason)
    log('warn', 'contact message not emailed; kept for retry', { id: message.id, attempt: message.attempts + 1, error: reason })
    return false
  }
}

export interface RetryResult {
  attempted: number
  sent: number
  failed: number
}

const retrying = new WeakSet<AppContext>()

/**
 * Sends the messages that could not be sent before (SMTP was off, down or refused them). The server
 * calls this periodically; overlapping calls do nothing, so a slow mail server is never asked twice.
 */
export async function retryUnsentMessages(ctx: AppContext): Promise<RetryResult> {
  const result: RetryResult = { attempted: 0, sent: 0, failed: 0 }
  if (!ctx.mailer.configured || retrying.has(ctx)) return result
  retrying.add(ctx)
  try {
    const staleBefore = new Date(ctx.now().getTime() - STALE_PENDING_MS).toISOString()
    for (const message of listUnsent(ctx.db, MAX_SEND_ATTEMPTS, staleBefore)) {
      result.attempted++
      if (await deliver(ctx, message)) result.sent++
      else result.failed++
    }
  } finally {
    retrying.delete(ctx)
  }
  return result
}

export const CONTACT_WINDOW_MS = 10 * 60_000
export const CONTACT_HOURLY_WINDOW_MS = 60 * 60_000
/** Once the hour's budget is spent, senders new this hour still get through, up to this many budgets in all. */
export const CONTACT_HOURLY_CEILING = 3
const EVERYONE = 'everyone'

const inMinutes = (seconds: number) => (seconds < 90 ? 'in a minute or two' : `in about ${Math.ceil(seconds / 60)} minutes`)

export function contactRoutes(ctx: AppContext) {
  const now = () => ctx.now().getTime()
  const recentMessages = new RateLimiter(ctx.config.contactRateLimit, CONTACT_WINDOW_MS, now)
  // The venue's inbox takes this many an hour from everyone together. Spent, it is no kill switch a
  // few addresses could pull: an address's first message of the hour still gets through, up to
  // CONTACT_HOURLY_CEILING budgets in all.
  const allMessages = new RateLimiter(ctx.config.contactHourlyLimit, CONTACT_HOURLY_WINDOW_MS, now)
  const sentThisHour = new RateLimiter(1, CONTACT_HOURLY_WINDOW_MS, now)
  const ceiling = new RateLimiter(ctx.config.contactHourlyLimit * CONTACT_HOURLY_CEILING, CONTACT_HOURLY_WINDOW_MS, now)
  const busy = (wait: number) => {
    if (wait > 0)
      throw new HttpError(429, `We are receiving a great many messages just now. Please try again ${inMinutes(wait)}, or call us.`, {
        'retry-after': String(wait),
      })
  }
  // A sender refused a second message may send again when the budget frees, or sooner, when their
  // own hour is up and the ceiling has room: they are then new this hour.
  const repeatWait = (sender: string) => {
    const budget = allMessages.retryAfter(EVERYONE)
    return budget && Math.min(budget, Math.max(sentThisHour.retryAfter(sender), ceiling.retryAfter(EVERYONE)))
  }
  return new Elysia({ name: 'feature.contact', prefix: '/api' })
    .use(adminGuard(ctx))
    .post(
      '/email/send-email',
      async ({ body, request }) => {
        // Bots fill every field, including one people never see: pretend all is well and keep nothing.
        if (body.website) return { message: REPLY_RECEIVED }
        const enquiry = readEnquiry(body)
        // Phones queue messages written offline and resend them when the signal returns; the key
        // they send makes a resend after a lost reply store nothing twice. Visitors share one key
        // space apart from staff, not one per address: a phone in a valley changes address between
        // the lost reply and the resend, and its random key is no one else's to guess.
        const address = clientAddress(request, ctx.config)
        const idempotency = await idempotencyFor(ctx.db, ctx.jwtSecret, request, body, 'anonymous')
        const replay = idempotency.replay()
        if (replay) return replay.body as SendEmailReply
        const sender = `ip:${limitKeyOf(address)}`
        recentMessages.assertAllowed([sender], 'You have sent several messages in a short time. Please wait a few minutes, or call us.')
        if (sentThisHour.retryAfter(sender) > 0) busy(repeatWait(sender))
        busy(ceiling.retryAfter(EVERYONE))
        recentMessages.record(sender)
        sentThisHour.record(sender)
        allMessages.record(EVERYONE)
        ceiling.record(EVERYONE)
        let stored!: ContactMessage
        idempotency.commit(() => {
          stored = insertMessage(ctx.db, enquiry, ctx.now().toISOString())
          return { message: REPLY_RECEIVED }
        })
        if (!ctx.mailer.configured) {
          markStored(ctx.db, stored.id)
          // Who wrote and what is personal data: staff read it on the Messages screen, logs never hold it.
          log('info', 'contact message stored, not emailed (set SMTP_URL to send email)', {
            id: stored.id,
            length: stored.message.length,
            created_at: stored.created_at,
          })
          return { message: REPLY_RECEIVED }
        }
        return { message: (await deliver(ctx, stored)) ? REPLY_SENT : REPLY_RECEIVED }
      },
      { body: SendEmailBody, response: SendEmailReply },
    )
    .get('/admin/messages', () => listMessages(ctx.db), { admin: true, response: ContactMessageList })
    .put(
      '/admin/messages/:id',
      ({ params, body, admin, commit, activity }) =>
        commit(() => {
          const before = findMessage(ctx.db, params.id)
          if (!before) throw notFound(`No message with id ${params.id}.`)
          if (body.handled) setHandled(ctx.db, params.id, admin.username, ctx.now().toISOString())
          else setHandled(ctx.db, params.id, null, null)
          activity({
            kind: 'message',
            action: body.handled ? 'handled' : 'unhandled',
            record_id: params.id,
            summary: `Marked the message from ${before.name || before.email} ${body.handled ? 'handled' : 'not handled'}`,
          })
          return { message: body.handled ? 'Marked handled.' : 'Marked not handled.', item: findMessage(ctx.db, params.id)! }
        }),
      { admin: true, params: MessageIdParams, body: MarkHandledBody, response: MessageReply },
    )
    .delete(
      '/admin/messages/:id',
      ({ params, commit, activity }) =>
        commit(() => {
          const before = findMessage(ctx.db, params.id)
          if (!before || !deleteMessage(ctx.db, params.id)) throw notFound(`No message with id ${params.id}.`)
          activity({ kind: 'message', action: 'delete', record_id: params.id, summary: `Deleted the message from ${before.name || before.email}` })
          return { message: 'Message deleted.', id: params.id }
        }),
      { admin: true, params: MessageIdParams, response: MessageDeletedReply },
    )
}
