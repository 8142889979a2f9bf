import { api } from '../api/client'
import type { SendEmailReply } from '../api/types'
import { venue } from './venue'

export interface Enquiry {
  name: string
  phone: string
  email: string
  message: string
}

/** The request body: the structured fields plus SPEC.md's { to, subject, replyTo, text }. */
export function enquiryBody(enquiry: Enquiry) {
  const { name, phone, email, message } = enquiry
  return {
    name,
    phone,
    email,
    message,
    to: venue.email,
    subject: `Website enquiry from ${name}`,
    replyTo: email,
    text: `Name: ${name}\nPhone: ${phone}\nEmail: ${email}\n\nMessage:\n${message}`,
  }
}

/** Sends the contact form (POST /api/email/send-email); resolves with the server's reply. */
export function sendEnquiry(enquiry: Enquiry): Promise<SendEmailReply> {
  return api.post<SendEmailReply>('/api/email/send-email', enquiryBody(enquiry))
}
