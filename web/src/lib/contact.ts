import { api, ApiError } from '../api/client'
import { enqueue } from '../offline/outbox'
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

export const QUEUED_MESSAGE =
  'You’re offline — your message is saved on this device and will be sent as soon as you’re back online.'

export type EnquiryResult = { queued: false; reply: SendEmailReply } | { queued: true }

/**
 * Sends the contact form (POST /api/email/send-email). Without a connection, or when the server
 * cannot take it right now, the message waits in the outbox under the same Idempotency-Key, so it
 * arrives exactly once even if the first attempt did reach the server. Bad input still fails.
 */
export async function sendEnquiry(enquiry: Enquiry): Promise<EnquiryResult> {
  const key = crypto.randomUUID()
  const body = enquiryBody(enquiry)
  const queue = async (): Promise<EnquiryResult> => {
    await enqueue({ id: key, channel: 'public', method: 'POST', path: '/api/email/send-email', body: { kind: 'json', value: body }, label: `Message from ${enquiry.name}` })
    void requestBackgroundSync()
    return { queued: true }
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue()
  try {
    return { queued: false, reply: await api.post<SendEmailReply>('/api/email/send-email', body, { idempotencyKey: key }) }
  } catch (error) {
    if (error instanceof ApiError && (error.isNetwork || error.status >= 500)) return queue()
    throw error
  }
}
