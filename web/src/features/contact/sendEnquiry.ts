import type { SendEmailReply } from '../../api/types'
import { ENQUIRY_PATH, enquiryBody, type Enquiry } from './contactRules'
import { currentVenue } from '../../shell/venue'
import { sendPublic, type PublicResult } from '../../offline/outbox/publicChannel'

/**
 * Sends the contact form (POST /api/email/send-email) through the outbox's public channel: kept on
 * the device first, queued only when no answer came (offline, a network failure, 15 s without an
 * answer); any error reply is thrown (the form says 'Failed to send email.' and the server's reason) and nothing is kept.
 * Its own chunk: a page needs it only once someone writes (main.tsx fetches it when the page is idle).
 */
export function sendEnquiry(enquiry: Enquiry): Promise<PublicResult<SendEmailReply>> {
  return sendPublic<SendEmailReply>({ path: ENQUIRY_PATH, body: enquiryBody(enquiry, currentVenue().email), label: `Message from ${enquiry.name}` })
}
