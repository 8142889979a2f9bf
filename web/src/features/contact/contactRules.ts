import { formatSavedAt } from '../../../../api/src/shared/rules/venue-time'

/** The contact form's rules and words (pure); it is sent by ./sendEnquiry.ts. */

export interface Enquiry {
  name: string
  phone: string
  email: string
  message: string
  /** The honeypot: hidden from people, so anything typed into it came from a bot. */
  website?: string
}

/** The request body: the structured fields plus SPEC.md's { to (the venue's email), subject, replyTo, text }. */
export function enquiryBody(enquiry: Enquiry, to: string) {
  const { name, phone, email, message, website } = enquiry
  return {
    name,
    phone,
    email,
    message,
    ...(website ? { website } : {}),
    to,
    subject: `Website enquiry from ${name}`,
    replyTo: email,
    text: `Name: ${name}\nPhone: ${phone}\nEmail: ${email}\n\nMessage:\n${message}`,
  }
}

/** Queued because the browser knows it has no connection. */
export const QUEUED_MESSAGE = 'You’re offline — your message is saved on this device and will be sent as soon as you’re back online.'
/** Queued because the request failed or got no answer in time, while the browser thought it was online. */
export const CONNECTION_FAILED_MESSAGE = 'The connection failed — your message is saved on this device and will be sent as soon as the connection allows.'
export const SENT_MESSAGE = 'Thank you — your message has been sent.'

/** Where the form sends to (its outbox entries are kept under this path). */
export const ENQUIRY_PATH = '/api/email/send-email'

/** Said once, the next time the form is shown, of messages kept on the device that landed after their page was gone. */
export function deliveredMessage(writtenAt: readonly number[]): string {
  if (writtenAt.length === 1) return `Your message of ${formatSavedAt(writtenAt[0]!)} was delivered.`
  return `Your ${writtenAt.length} messages kept on this device (the first of ${formatSavedAt(writtenAt[0]!)}) were delivered.`
}
