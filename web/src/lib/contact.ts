import { ApiError } from '../api/client'
import { discard, finalOutcome, submit } from '../offline/outbox'
import { requestBackgroundSync } from '../offline/sync'
import type { SendEmailReply } from '../api/types'
import { venue } from './venue'

export interface Enquiry {
  name: string
  phone: string
  email: string
  message: string
  /** The honeypot: hidden from people, so anything typed into it came from a bot. */
  website?: string
}

/** The request body: the structured fields plus SPEC.md's { to, subject, replyTo, text }. */
export function enquiryBody(enquiry: Enquiry) {
  const { name, phone, email, message, website } = enquiry
  return {
    name,
    phone,
    email,
    message,
    ...(website ? { website } : {}),
    to: venue.email,
    subject: `Website enquiry from ${name}`,
    replyTo: email,
    text: `Name: ${name}\nPhone: ${phone}\nEmail: ${email}\n\nMessage:\n${message}`,
  }
}

/** Queued because the browser knows it has no connection. */
export const QUEUED_MESSAGE =
  'You’re offline — your message is saved on this device and will be sent as soon as you’re back online.'
/** Queued because the request failed or got no answer in time, while the browser thought it was online. */
export const CONNECTION_FAILED_MESSAGE =
  'The connection failed — your message is saved on this device and will be sent as soon as the connection allows.'
export const SENT_MESSAGE = 'Thank you — your message has been sent.'

export type EnquiryResult =
  | { queued: false; reply: SendEmailReply }
  | {
      queued: true
      /** True when the browser said it was offline (no attempt was made); false when the attempt failed. */
      offline: boolean
      /** The server's reply once the message lands on a later try during this visit; null if it is refused then. */
      later: Promise<SendEmailReply | null>
    }

const SEND_PATH = '/api/email/send-email'

/**
 * Sends the contact form (POST /api/email/send-email) through the outbox's public channel: the
 * message is kept on the device (IndexedDB) before it is sent, so a closed tab or a hanging request
 * loses nothing, and it carries its id as the Idempotency-Key, so it arrives exactly once however
 * often it is sent. Only a network failure (or being offline, or no answer in time) leaves it queued;
 * any error reply from the server is thrown (the form says 'Failed to send email.') and nothing is kept.
 */
export async function sendEnquiry(enquiry: Enquiry): Promise<EnquiryResult> {
  const id = crypto.randomUUID()
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  const later = finalOutcome(id).then(async (outcome) => {
    if (outcome.kind === 'sent') return outcome.reply as SendEmailReply
    // Refused on a later try: the form says so (and gives the text back); a visitor cannot retry it from a queue.
    await discard(id)
    return null
  })
  const outcome = await submit(
    { id, channel: 'public', method: 'POST', path: SEND_PATH, body: { kind: 'json', value: enquiryBody(enquiry) }, label: `Message from ${enquiry.name}` },
    { online: !offline },
  )
  if (outcome.kind === 'sent') return { queued: false, reply: outcome.reply as SendEmailReply }
  // A status is an answer from the server (a refusal, or an error it may repeat): say so, keep nothing.
  const status = outcome.kind === 'queued' ? outcome.entry.status : outcome.kind === 'failed' ? outcome.status : 409
  if (status) {
    await discard(id)
    throw new ApiError(status, outcome.entry.error ?? `Request failed (${status}).`)
  }
  void requestBackgroundSync()
  return { queued: true, offline, later }
}
