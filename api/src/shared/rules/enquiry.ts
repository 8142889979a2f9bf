// The contact form's field rules beyond "filled in": the server refuses with these messages, and the form
// checks the same before anything is sent or kept, marking the field. Pure: the API and the web app import it.

/** Deliberately simple: one @, a dot in the domain, no spaces or characters that would need quoting in a header. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/
/** Line breaks in anything that reaches a mail header would let a visitor add headers of their own. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point (header injection).
export const HEADER_BREAK = /[\u0000-\u001f\u007f\u2028\u2029]/

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.'

/** The first of a filled-in enquiry's fields the server would refuse, and why; null when none. */
export function enquiryFieldProblem(enquiry: { name: string; phone: string; email: string }): { field: 'name' | 'phone' | 'email'; message: string } | null {
  if (!EMAIL.test(enquiry.email.trim())) return { field: 'email', message: INVALID_EMAIL_MESSAGE }
  if (HEADER_BREAK.test(enquiry.name.trim())) return { field: 'name', message: 'Your name must be a single line of text.' }
  if (HEADER_BREAK.test(enquiry.phone.trim())) return { field: 'phone', message: 'Please enter a valid phone number.' }
  return null
}
