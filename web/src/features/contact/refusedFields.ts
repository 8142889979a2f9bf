import { useState } from 'react'
import { enquiryFieldProblem } from '../../../../api/src/shared/rules/enquiry'
import type { Enquiry } from './contactRules'

/** The fields a message needs, and how the form names each when it is left blank (spaces alone are blank). */
const NEEDED = { name: 'your name', phone: 'your phone number', email: 'your email address', message: 'your message' } as const
type Needed = keyof typeof NEEDED

/** "Please fill in your name." / "Please fill in your name and your message." */
export function blankFieldsText(blank: readonly Needed[]): string {
  const names = blank.map((field) => NEEDED[field])
  return `Please fill in ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}.`
}

/** The fields the server would refuse in `values`: the blank ones, else the first its rule refuses (shared/rules/enquiry.ts). */
function refusedIn(values: Enquiry): { fields: Needed[]; text: string } | null {
  const blank = (Object.keys(NEEDED) as Needed[]).filter((field) => !values[field].trim())
  if (blank.length) return { fields: blank, text: blankFieldsText(blank) }
  const problem = enquiryFieldProblem(values)
  return problem ? { fields: [problem.field], text: problem.message } : null
}

/**
 * The contact form's refused fields: checked on the device by the server's own rules before anything is
 * sent or kept (spaces alone fill nothing; an address the server would refuse), each marked invalid and
 * described by the form's status (`${id}-status`), focus on the first; a field typed in is no longer marked.
 * So the server's own refusals of a field never reach a visitor of this form; those left concern no field.
 */
export function useRefusedFields(id: string, values: Enquiry, setResult: (result: { ok: boolean; text: string }) => void) {
  const [refused, setRefused] = useState<Needed[]>([])
  return {
    marked: (field: Needed) => (refused.includes(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-status` } : {}),
    changed: (field: keyof Enquiry) => setRefused((fields) => fields.filter((other) => other !== field)),
    /** True when the message cannot go: the status says which field and why. */
    refuseBeforeSending(sent: Enquiry = values): boolean {
      const found = refusedIn(sent)
      setRefused(found?.fields ?? [])
      if (!found) return false
      setResult({ ok: false, text: found.text })
      document.getElementById(`${id}-${found.fields[0]}`)?.focus()
      return true
    },
  }
}
