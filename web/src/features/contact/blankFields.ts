import { useState } from 'react'
import type { Enquiry } from './contactRules'

/** The fields a message needs, and how the form names each when it is left blank (spaces alone are blank). */
const NEEDED = { name: 'your name', phone: 'your phone number', email: 'your email address', message: 'your message' } as const
type Needed = keyof typeof NEEDED

/** "Please fill in your name." / "Please fill in your name and your message." */
export function blankFieldsText(blank: readonly Needed[]): string {
  const names = blank.map((field) => NEEDED[field])
  return `Please fill in ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}.`
}

/**
 * The contact form's blank fields: refused on the device before anything is sent or kept (spaces
 * alone fill nothing), each marked invalid and described by the form's status (`${id}-status`),
 * focus on the first; a field typed in is no longer marked.
 */
export function useBlankFields(id: string, values: Enquiry, setResult: (result: { ok: boolean; text: string }) => void) {
  const [blank, setBlank] = useState<Needed[]>([])
  return {
    marked: (field: Needed) => (blank.includes(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-status` } : {}),
    filled: (field: keyof Enquiry) => setBlank((fields) => fields.filter((other) => other !== field)),
    /** True when the message cannot go: the status says which fields are blank. */
    refuseBlank(): boolean {
      const fields = (Object.keys(NEEDED) as Needed[]).filter((field) => !values[field].trim())
      setBlank(fields)
      if (!fields.length) return false
      setResult({ ok: false, text: blankFieldsText(fields) })
      document.getElementById(`${id}-${fields[0]}`)?.focus()
      return true
    },
  }
}
