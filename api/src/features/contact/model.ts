import { t } from 'elysia'
import { RecordId } from '../../http/record-id'

export const LIMITS = { name: 200, phone: 50, email: 254, message: 5000, subject: 300 } as const

/**
 * The contact form. Structured fields (name, phone, email, message) are preferred; SPEC.md's
 * client sends { to, subject, replyTo, text } instead, so those are accepted too. `to` is read
 * only to be ignored: mail always goes to the venue's own address.
 */
export const SendEmailBody = t.Object({
  name: t.Optional(t.String({ maxLength: LIMITS.name, error: `Your name must be text of at most ${LIMITS.name} characters.` })),
  phone: t.Optional(t.String({ maxLength: LIMITS.phone, error: `Your phone number must be text of at most ${LIMITS.phone} characters.` })),
  email: t.Optional(t.String({ maxLength: LIMITS.email, error: 'Please enter a valid email address.' })),
  replyTo: t.Optional(t.String({ maxLength: LIMITS.email, error: 'Please enter a valid email address.' })),
  message: t.Optional(t.String({ maxLength: LIMITS.message, error: `Your message must be text of at most ${LIMITS.message} characters.` })),
  // The legacy body repeats name, phone and email around the message, so it may be a little longer.
  text: t.Optional(t.String({ maxLength: LIMITS.message + 1000, error: `Your message must be text of at most ${LIMITS.message} characters.` })),
  subject: t.Optional(t.String({ maxLength: LIMITS.subject, error: `The subject must be text of at most ${LIMITS.subject} characters.` })),
  to: t.Optional(t.Unknown()),
  /** The honeypot: a field people never see. Anything in it means a bot. */
  website: t.Optional(t.String({ maxLength: 2000 })),
})
export type SendEmailBody = typeof SendEmailBody.static

export const SendEmailReply = t.Object({ message: t.String() })
export type SendEmailReply = typeof SendEmailReply.static

/** sent: emailed; stored: kept because SMTP is off; pending: being sent; failed: the last send failed (retried later). */
export const MessageStatus = t.Union([t.Literal('sent'), t.Literal('stored'), t.Literal('pending'), t.Literal('failed')])
export type MessageStatus = typeof MessageStatus.static

export const ContactMessage = t.Object({
  id: t.Number(),
  name: t.String(),
  phone: t.String(),
  email: t.String(),
  message: t.String(),
  status: MessageStatus,
  attempts: t.Number(),
  last_error: t.Nullable(t.String()),
  created_at: t.String(),
  sent_at: t.Nullable(t.String()),
  /** Who marked it handled, and when; null while it waits for a reply. */
  handled_by: t.Nullable(t.String()),
  handled_at: t.Nullable(t.String()),
})
export type ContactMessage = typeof ContactMessage.static

export const ContactMessageList = t.Array(ContactMessage)

export const MessageIdParams = t.Object({ id: RecordId('The message id must be a whole number.') })
export const MarkHandledBody = t.Object({ handled: t.Boolean({ error: 'handled must be true or false.' }) })
export const MessageReply = t.Object({ message: t.String(), item: ContactMessage })
export const MessageDeletedReply = t.Object({ message: t.String(), id: t.Number() })
